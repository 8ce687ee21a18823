import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { isTranslatedUnavailableError } from "~/db/connection-errors";
import { logger } from "~/utils/logger.server";

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
          // The whole page in one buffer: one write to the socket instead of a web stream of small chunks.
          const chunks: Buffer[] = [];
          const document = new Writable({
            // React aborts a render whose destination closes; this one only ever finishes.
            emitClose: false,
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              clearTimeout(abortTimer);
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
              done();
            },
          });
          pipe(document);
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
