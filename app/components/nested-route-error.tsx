import { Button, Callout, Flex, Heading, Text } from "@radix-ui/themes";
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { errorMessage } from "~/errors/messages";
import { retryChunkLoadOnce } from "~/shell/chunk-retry";
import { isChunkLoadError } from "~/components/error-page";

const NESTED_MESSAGES: Record<number, string> = {
  403: "Your account can't open this part of the page.",
  404: "We couldn't find what this part of the page shows. The link may be old or mistyped.",
};

/**
 * The ErrorBoundary of a route shown inside a layout (the course manager's tabs, the mailbox's
 * list): when it fails, only its own part of the page says so, and the layout around it — its
 * heading, tabs and links — stays usable. Routes that are a whole page use the root's boundary.
 */
export function NestedRouteError() {
  const error = useRouteError();
  const location = useLocation();
  const chunkLoadError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkLoadError) retryChunkLoadOnce(window.sessionStorage, window.location.pathname, () => window.location.reload());
  }, [chunkLoadError]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = NESTED_MESSAGES[status] ?? errorMessage({ status, body: isRouteErrorResponse(error) ? error.data : undefined });
  return (
    <Callout.Root color="red" role="alert" size="2">
      <Flex direction="column" gap="2" align="start">
        <Heading as="h2" size="4">
          This part of the page could not be shown
        </Heading>
        <Text as="p">{message}</Text>
        {status >= 500 ? (
          <Button asChild variant="soft" size="1">
            <a href={`${location.pathname}${location.search}`}>Try again</a>
          </Button>
        ) : null}
      </Flex>
    </Callout.Root>
  );
}
