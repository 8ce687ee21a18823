import { errorMessage } from "~/errors/messages";
import { askToReauthenticate } from "~/shell/reauthentication-prompt";
import { showClientToast } from "~/shell/client-toasts";
import { makeToast } from "~/toasts/toast";

/**
 * The one way interactive parts talk to the server from the browser (SPEC §7 generic client,
 * §8 HTTP failures): JSON with cookies and the CSRF header. It never throws, so a failure never
 * reaches a route's error page: it answers `{ ok: false, message }` with the message a person
 * should see, and the caller shows it where it fits (a network failure is already toasted).
 *
 * - 400 `csrf_auth_failed` with a fresh token: the token is stored and the request sent once more.
 * - 401 `reauthentication_required` or `unauthenticated`: the reauthentication dialog opens; once
 *   the password is confirmed the request is sent again; if it is closed, the request fails.
 */
export const OFFLINE_MESSAGE = "You appear to be offline. Check your connection and try again.";

export const CSRF_FAILED_CODE = "csrf_auth_failed";
const REAUTHENTICATION_CODES = new Set(["reauthentication_required", "unauthenticated"]);

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as the JSON body. */
  json?: unknown;
  signal?: AbortSignal;
  /** A call the person did not ask for (a read receipt): no toast for a dropped connection, no reauthentication dialog. */
  background?: boolean;
}

export type RequestResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** Absent when no answer came (offline, aborted). */
      status?: number;
      /** The error code of the answer (`errors[0].code`), when it has one. */
      code?: string;
      body?: unknown;
      message: string;
      offline?: boolean;
      aborted?: boolean;
    };

export interface RequestDependencies {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  csrfToken: { get: () => string; set: (token: string) => void };
  /** Opens the reauthentication dialog; true once the person has re-entered their password. */
  reauthenticate: (code: string) => Promise<boolean>;
  /** Tells the person the request could not be sent. */
  notifyOffline: (message: string) => void;
}

export function createRequest(dependencies: RequestDependencies) {
  async function send(url: string, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { Accept: "application/json", "X-CSRF-Token": dependencies.csrfToken.get() };
    const init: RequestInit = { method: options.method ?? "GET", headers, credentials: "same-origin", signal: options.signal };
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(options.json);
    }
    return dependencies.fetch(url, init);
  }

  return async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<RequestResult<T>> {
    let csrfRetried = false;
    let reauthenticated = false;
    for (;;) {
      let response: Response;
      try {
        response = await send(url, options);
      } catch (error) {
        if (options.signal?.aborted || (error instanceof Error && error.name === "AbortError")) {
          return { ok: false, aborted: true, message: "The request was cancelled." };
        }
        if (!options.background) dependencies.notifyOffline(OFFLINE_MESSAGE);
        return { ok: false, offline: true, message: OFFLINE_MESSAGE };
      }
      const body = await readBody(response);
      if (response.ok) return { ok: true, status: response.status, data: body as T };

      const code = errorCode(body);
      const freshToken = response.status === 400 && code === CSRF_FAILED_CODE ? csrfTokenIn(body) : undefined;
      if (freshToken && !csrfRetried) {
        csrfRetried = true;
        dependencies.csrfToken.set(freshToken);
        continue;
      }
      if (response.status === 401 && code && REAUTHENTICATION_CODES.has(code) && !reauthenticated && !options.background) {
        reauthenticated = true;
        if (await dependencies.reauthenticate(code)) continue;
      }
      return { ok: false, status: response.status, ...(code ? { code } : {}), body, message: errorMessage({ status: response.status, body }) };
    }
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text().catch(() => "");
  if (!text) return null;
  if (/json/i.test(response.headers.get("Content-Type") ?? "")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  // An HTML error page (a proxy's, say) is no message for a person: the status speaks instead.
  return /^\s*</.test(text) ? null : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The code of an error answer: the API's `errors[0].code`, or a top-level `error_code`/`code`. */
export function errorCode(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  if (isRecord(first) && typeof first.code === "string") return first.code;
  if (typeof body.error_code === "string") return body.error_code;
  return typeof body.code === "string" ? body.code : undefined;
}

/** The fresh token a CSRF refusal carries in `meta.csrf_token`. */
export function csrfTokenIn(body: unknown): string | undefined {
  const meta = isRecord(body) && isRecord(body.meta) ? body.meta : undefined;
  return typeof meta?.csrf_token === "string" && meta.csrf_token ? meta.csrf_token : undefined;
}

// ── In the browser ────────────────────────────────────────────────────────────────────────────

const CSRF_META = 'meta[name="csrf-token"]';

/** The page's token lives in <meta name="csrf-token">: replacing it there serves every later call. */
export const pageCsrfToken = {
  get: () => document.querySelector<HTMLMetaElement>(CSRF_META)?.content ?? "",
  set: (token: string) => document.querySelector<HTMLMetaElement>(CSRF_META)?.setAttribute("content", token),
};

export const request = createRequest({
  fetch: (url, init) => window.fetch(url, init),
  csrfToken: pageCsrfToken,
  reauthenticate: askToReauthenticate,
  notifyOffline: (message) => showClientToast(makeToast({ type: "error", message })),
});
