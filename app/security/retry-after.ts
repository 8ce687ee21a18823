import { data, type HeadersFunction } from "@remix-run/node";

/** Retry-After counts whole seconds; rounding up (and at least 1) never tells a client to come back too early. */
export function wholeRetrySeconds(retryAfterSeconds: number) {
  return Math.max(1, Math.ceil(retryAfterSeconds));
}

/** The Retry-After header that every 429 the app gives carries. */
export function retryAfterHeaders(retryAfterSeconds: number): Record<string, string> {
  return { "Retry-After": String(wholeRetrySeconds(retryAfterSeconds)) };
}

/** A form action's refusal: the page's data, status 429 and Retry-After. Its route exports `headers = passRetryAfter`. */
export function tooManyRequests<T>(body: T, retryAfterSeconds: number) {
  return data(body, { status: 429, headers: retryAfterHeaders(retryAfterSeconds) });
}

/**
 * A page route's `headers` export. Remix builds a page's headers (documents and single-fetch
 * `.data` answers alike) from the matched routes' `headers` exports only: an action's or
 * loader's own headers other than Set-Cookie are dropped unless the route passes them on. This
 * passes on Retry-After, so a refused form posted without JavaScript still says when to retry.
 */
export const passRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
