import type { AppLoadContext } from "@remix-run/node";
import { createUserSession, SESSION_COOKIE } from "../../app/accounts/session.server";
import { runWithRequestContext } from "../../app/utils/request-context.server";
import { routeAnswer, type RouteAnswer } from "./route-answer";

/** The origin the test requests are sent to (no APP_ORIGIN in tests, so also the origin of mailed links). */
export const TEST_ORIGIN = "http://app.test";

// Any loader or action (their argument types differ only in name).
type RouteFunction = (args: any) => Promise<unknown>;

interface CallOptions {
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

/** What the server hands every loader and action (app/load-context.ts), from this client address. */
export function loadContext(clientIp: string): AppLoadContext {
  return { cspNonce: "test-nonce", csrfToken: "test-csrf-token", requestId: "test-request", clientIp };
}

/** A fresh session for the user, as the value of its cookie (what the browser keeps after signing in). */
export async function sessionCookieFor(userId: number, options: { impersonatorId?: number } = {}) {
  const setCookie = await createUserSession({ userId, rememberMe: false, impersonatorId: options.impersonatorId, request: new Request(TEST_ORIGIN) });
  return setCookie.split(";")[0]!.slice(SESSION_COOKIE.length + 1);
}

/**
 * A browser as the route modules see it: keeps the cookies the answers set (a cookie cleared by
 * Max-Age=0 or a past Expires goes) and calls a loader or action with them, as the server would
 * for a request from `clientIp`. Nothing is followed by itself.
 */
export function routeVisitor(options: { clientIp?: string; session?: string } = {}) {
  const jar = new Map<string, string>();
  if (options.session) jar.set(SESSION_COOKIE, options.session);
  const clientIp = options.clientIp ?? "192.0.2.1";

  function request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    return new Request(`${TEST_ORIGIN}${path}`, { ...init, headers });
  }

  async function call(route: RouteFunction, path: string, init: RequestInit = {}, params: Record<string, string> = {}): Promise<RouteAnswer> {
    const answer = await routeAnswer(() => route({ request: request(path, init), params, context: loadContext(clientIp) }));
    for (const cookie of answer.headers.getSetCookie()) keep(cookie);
    return answer;
  }

  function keep(setCookie: string) {
    const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
    const eq = pair!.indexOf("=");
    const name = pair!.slice(0, eq);
    const cleared = attributes.some((attribute) => {
      const [key, value = ""] = attribute.split("=");
      if (key!.toLowerCase() === "max-age") return Number(value) <= 0;
      if (key!.toLowerCase() === "expires") return new Date(value).getTime() <= Date.now();
      return false;
    });
    if (cleared) jar.delete(name);
    else jar.set(name, pair!.slice(eq + 1));
  }

  return {
    jar,
    clientIp,
    /** The session cookie's value now, or undefined when signed out. */
    get session() {
      return jar.get(SESSION_COOKIE);
    },
    request,
    call,
    /** The Response a resource route answers for a GET, its body unread (a file's bytes). */
    async raw(route: RouteFunction, path: string, { params = {} }: CallOptions = {}): Promise<Response> {
      const context = { requestId: "test-raw", queryCount: 0, databaseUnavailable: false };
      return (await runWithRequestContext(context, () => route({ request: request(path), params, context: loadContext(clientIp) }))) as Response;
    },
    /** A page load (GET). */
    get(route: RouteFunction, path: string, { params, headers }: CallOptions = {}) {
      return call(route, path, { headers: { Accept: "text/html", ...headers } }, params);
    },
    /** A form posted the way a browser without JavaScript posts it. */
    form(route: RouteFunction, path: string, fields: Record<string, string> | [string, string][], { params, headers }: CallOptions = {}) {
      return call(
        route,
        path,
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", ...headers }, body: new URLSearchParams(fields) },
        params,
      );
    },
    /** A multipart form (a file upload). */
    multipart(route: RouteFunction, path: string, body: FormData, { params }: CallOptions = {}) {
      return call(route, path, { method: "POST", headers: { Accept: "text/html" }, body }, params);
    },
    /** A JSON API call; `body` is sent as JSON unless it is a string, sent as it is. */
    api(route: RouteFunction, method: string, path: string, body?: unknown, { params, headers }: CallOptions = {}) {
      const sent = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
      return call(
        route,
        path,
        { method, headers: { Accept: "application/json", ...(sent === undefined ? {} : { "Content-Type": "application/json" }), ...headers }, body: sent },
        params,
      );
    },
  };
}

export type RouteVisitor = ReturnType<typeof routeVisitor>;
