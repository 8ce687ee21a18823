import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * How long a stopping process keeps accepting. A connection opened just before the signal may
 * still wait in the kernel's queue or, under the cluster, in the primary's hand-off queue; it is
 * dropped unanswered if the listener closes first, so the listener stays open this long.
 */
const SETTLE_MS = 1_000;

/**
 * First half of a graceful stop: keep serving for SETTLE_MS, but every answer given from now on
 * closes its connection, so clients reconnect to another machine.
 */
export async function settleConnections(server: Server, { settleMs = SETTLE_MS } = {}) {
  server.prependListener("request", (_request: IncomingMessage, response: ServerResponse) => {
    response.shouldKeepAlive = false;
  });
  await new Promise((resolve) => setTimeout(resolve, settleMs));
}

/** Second half: stop listening, close idle connections, and resolve once the last answer has ended. */
export function closeHttp(server: Server) {
  return new Promise<void>((resolve) => {
    // Answers in flight end later; close each connection as its answer finishes.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
  });
}
