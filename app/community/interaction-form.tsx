import { useFetcher } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { isOfflineAnswer } from "~/shell/offline-submission";
import { usePreloadedRouteModule } from "~/shell/preload-route-module";

/** Where comment threads and reaction bars post (app/routes/community+/interactions.tsx). */
export const INTERACTIONS_PATH = "/community/interactions";

export type InteractionAnswer = { ok: true; message: string } | { ok: false; message: string };

/** True once React has hydrated: a form then goes through its fetcher and says so. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A form of a comment thread or reaction bar. Without JavaScript a plain form whose answer is a
 * redirect back to the page with a toast; with it, a fetcher (the page does not move) whose
 * refusal shows beside the form.
 */
export function InteractionForm({
  fetcher,
  intent,
  fields,
  className,
  children,
  label,
}: {
  fetcher: ReturnType<typeof useFetcher<InteractionAnswer>>;
  intent: string;
  fields?: Record<string, string | number>;
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  const hydrated = useHydrated();
  usePreloadedRouteModule("routes/community+/interactions");
  // A lost connection is told in a toast; a refusal belongs next to the form.
  const refusal = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && !isOfflineAnswer(fetcher.data) ? fetcher.data.message : null;
  return (
    // data-discover: the router learns this route while the page is online (as a <Form> would have it
    // learn), not at the first click, which may come after the connection is gone.
    <fetcher.Form method="post" action={INTERACTIONS_PATH} className={className} aria-label={label} data-discover="true">
      <CsrfInput />
      {hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      {refusal ? (
        <span role="alert" className="comment-thread__error">
          {refusal}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
