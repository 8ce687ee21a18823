/**
 * Some SPEC paths take both an HTML form (a page route, which must re-render itself with
 * errors when JavaScript is off) and a JSON body from API clients (POST /users/sign_in,
 * PUT /users/password). A Remix page route always answers HTML, so JSON bodies sent to those
 * paths are served by a resource route mounted under /json with the same path; the server
 * routes them there before Remix sees them.
 */
export const JSON_TWIN_PREFIX = "/json";

const twinPaths = new Set(["/users/sign_in", "/users/password"]);

export function jsonTwinPath(method: string, pathname: string, contentType: string | undefined): string | undefined {
  if (method === "GET" || method === "HEAD") return undefined;
  if (!(contentType ?? "").toLowerCase().startsWith("application/json")) return undefined;
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return twinPaths.has(normalized) ? `${JSON_TWIN_PREFIX}${normalized}` : undefined;
}
