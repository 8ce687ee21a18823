import type { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { isTranslatedUnavailableError } from "~/db/connection-errors";
import { logger } from "~/utils/logger.server";
import { renderedDocument } from "~/utils/rendered-document.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * Renders the whole document before answering (no out-of-order streaming): pages are
 * small, the status code stays right, and guest pages can be cached whole by the server.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          // The whole page as one buffer: one write to the socket instead of a web stream of small
          // chunks. React writes to, ends and listens on its destination (and destroys it after a
          // shell error), and with its writer patched (docs/decisions/012) it writes a few long
          // strings: a plain object that keeps them spares every chunk a trip through a Node stream.
          // (The development build, left as published, writes bytes.)
          const parts: (string | Uint8Array)[] = [];
          const document = {
            write(chunk: string | Uint8Array) {
              parts.push(chunk);
              return true;
            },
            end() {
              clearTimeout(abortTimer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const bytes = parts.map((part) => (typeof part === "string" ? Buffer.from(part) : part));
              resolve(renderedDocument(bytes.length === 1 ? bytes[0]! : Buffer.concat(bytes), { headers: responseHeaders, status }));
            },
            on() {
              return document;
            },
            // After a shell error React still calls onAllReady, and piping then destroys the
            // destination with the error: the answer was already refused in onShellError.
            destroy(error: unknown) {
              clearTimeout(abortTimer);
              reject(error);
            },
          };
          pipe(document as unknown as Writable);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          logger().error({ err: error, url: request.url }, "render failed");
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isTranslatedUnavailableError(error)) {
    logger().warn({ url: request.url }, "database unavailable");
    return;
  }
  logger().error({ err: error, url: request.url }, "request failed");
};
