import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { retryingCsrfRefusals } from "~/shell/data-request-retry";
import { pageCsrfToken } from "~/shell/request";

window.fetch = retryingCsrfRefusals(window.fetch.bind(window), pageCsrfToken, window.location.origin);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
