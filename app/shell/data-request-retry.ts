import { CSRF_FAILED_CODE, csrfTokenIn, errorCode } from "~/shell/request";

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Remix's own submissions (a <Form> or a fetcher posting to `/path.data`) refused for an
 * out-of-date CSRF token — cookies cleared, the token's cookie expired while the page stayed open —
 * are sent once more with the fresh token the refusal carries, as `request` does for JSON calls.
 * Remix has no hook for the requests it sends, so this wraps the page's fetch; without it the
 * refusal (JSON, not Remix's stream) reaches the route's error page for a form that only needed
 * sending again. The header wins over the form's stale hidden field on the server.
 */
export function retryingCsrfRefusals(fetch: Fetch, csrfToken: { set: (token: string) => void }, origin: string): Fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (response.status !== 400 || !isResendableDataSubmission(input, init, origin)) return response;
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    const fresh = errorCode(body) === CSRF_FAILED_CODE ? csrfTokenIn(body) : undefined;
    if (!fresh) return response;
    csrfToken.set(fresh);
    const headers = new Headers(init?.headers);
    headers.set("X-CSRF-Token", fresh);
    return fetch(input, { ...init, headers });
  };
}

/** A same-origin `.data` submission whose body can be sent twice (a form, not a one-off stream or Request). */
function isResendableDataSubmission(input: RequestInfo | URL, init: RequestInit | undefined, origin: string): boolean {
  if (input instanceof Request) return false;
  const method = (init?.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD") return false;
  if (init?.body instanceof ReadableStream) return false;
  const url = new URL(input, origin);
  return url.origin === origin && url.pathname.endsWith(".data");
}
