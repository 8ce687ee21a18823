import type { ActionFunctionArgs } from "@remix-run/node";
import { runWithRequestContext, type RequestContext } from "../../app/utils/request-context.server";

export interface RouteAnswer {
  status: number;
  headers: Headers;
  /** What the route gave: `data()`'s data, a plain return value, or a Response's body (JSON parsed). */
  data?: any;
  /** Queries the route made. */
  queries: number;
}

/**
 * Runs a loader or action as the server does (in a fresh request context) and says what it
 * answered, whether returned or thrown: a Response, `data()` with its init, or a plain value.
 */
export async function routeAnswer(run: () => Promise<unknown>): Promise<RouteAnswer> {
  const context: RequestContext = { requestId: `test-${Math.random().toString(36).slice(2)}`, queryCount: 0, databaseUnavailable: false };
  let result: unknown;
  try {
    result = await runWithRequestContext(context, run);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    const data = text && result.headers.get("Content-Type")?.includes("json") ? JSON.parse(text) : text || undefined;
    return { status: result.status, headers: result.headers, data, queries: context.queryCount };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init?: ResponseInit };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data, queries: context.queryCount };
  }
  return { status: 200, headers: new Headers(), data: result, queries: context.queryCount };
}

/** A browser's form post to `path` carrying the session cookie. */
export function formPost(path: string, cookie: string, fields: [string, string][]) {
  return new Request(`http://app.test${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

/** Runs an action on a request as the server does, from one client address. */
export function actionAnswer(
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  request: Request,
  params: Record<string, string> = {},
  clientIp = "192.0.2.80",
) {
  return routeAnswer(() => action({ request, params, context: { clientIp } } as unknown as ActionFunctionArgs));
}
