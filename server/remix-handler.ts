import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import { parse as parseCookies } from "cookie";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { recordImpersonatedAction } from "../app/accounts/audit.server";
import { jsonTwinPath } from "../app/api/json-twins";
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  CSRF_HEADER,
  csrfTokensMatch,
  isMutatingMethod,
  newCsrfToken,
  serializeCsrfCookie,
  tokenFromCsrfCookie,
} from "../app/security/csrf.server";
import { formFieldsHaveNul, jsonBodyHasNul, NUL_IN_BODY } from "../app/security/request-input";
import { GUEST_CACHE_HEADER } from "../app/utils/guest-cache";
import { logger } from "../app/utils/logger.server";
import { currentRequestContext } from "../app/utils/request-context.server";
import { GuestPageCache, guestCacheKey } from "./guest-page-cache";
import { sendRefusal } from "./refusal";

const MAX_BODY_BYTES = 25 * 1024 * 1024;
// Paths whose callers cannot hold a CSRF token and prove themselves another way (signatures).
const CSRF_EXEMPT_PREFIXES = ["/webhooks/"];

interface HandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  sessionSecret: string;
  secureCookies: boolean;
  guestCache: GuestPageCache;
}

/**
 * Bridges Express to Remix: builds the web Request, hands loaders their context (nonce,
 * CSRF token), refuses mutating requests without a valid CSRF token, serves guest pages
 * from the cache, and turns "database unavailable" failures into 503.
 */
export function createRemixHandler(options: HandlerOptions) {
  const handleRequest = createRequestHandler(options.build, options.mode);
  const { guestCache } = options;

  async function render(request: Request, context: AppLoadContext) {
    const response = await handleRequest(request, context);
    if (response.status === 500 && currentRequestContext()?.databaseUnavailable) {
      const headers = new Headers(response.headers);
      headers.set("Retry-After", "5");
      return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
    }
    return response;
  }

  return async function remixHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    try {
      const declaredLength = Number(req.headers["content-length"] ?? 0);
      if (declaredLength > MAX_BODY_BYTES) {
        res.status(413).type("text/plain").send("Request body too large");
        return;
      }
      const cookies = parseCookies(req.headers.cookie ?? "");
      let csrfToken = tokenFromCsrfCookie(cookies[CSRF_COOKIE], options.sessionSecret);
      const request = toWebRequest(req, res);
      const nonce: string = res.locals.cspNonce;

      const signedBySender = CSRF_EXEMPT_PREFIXES.some((prefix) => req.path.startsWith(prefix));
      if (isMutatingMethod(req.method) && !signedBySender) {
        // A form body is parsed once, for its CSRF field and for the NUL check.
        const form = await formFieldsOf(request);
        const presented = request.headers.get(CSRF_HEADER) ?? stringField(form, CSRF_FIELD);
        if (!csrfTokensMatch(csrfToken, presented)) {
          const fresh = csrfToken ?? newCsrfToken();
          if (!csrfToken) res.append("Set-Cookie", serializeCsrfCookie(fresh, options.sessionSecret, options.secureCookies));
          sendCsrfFailure(req, res, fresh);
          return;
        }
        const hasNul = form ? formFieldsHaveNul(form) : isJson(request) && jsonBodyHasNul(await request.clone().text());
        if (hasNul) {
          sendRefusal(req, res, { status: 400, code: "invalid_parameter", title: "Please check what you sent", detail: NUL_IN_BODY });
          return;
        }
      }
      // While an admin is signed in as someone else, every change is on record with both ids.
      if (isMutatingMethod(req.method)) await recordImpersonatedAction(request);
      if (!csrfToken) {
        csrfToken = newCsrfToken();
        res.append("Set-Cookie", serializeCsrfCookie(csrfToken, options.sessionSecret, options.secureCookies));
      }

      const requestId = currentRequestContext()?.requestId ?? "";
      const clientIp = req.ip ?? req.socket.remoteAddress ?? "unknown";
      const cacheKey = guestCache.enabled
        ? guestCacheKey(req.method, new URL(request.url), { accept: req.headers.accept, cookies, authorization: req.headers.authorization })
        : undefined;
      if (!cacheKey) {
        await sendWebResponse(res, await render(request, { cspNonce: nonce, csrfToken, requestId, clientIp }));
        return;
      }

      const visitor = { nonce, csrfToken };
      const cached = guestCache.lookup(cacheKey);
      if (cached.state !== "miss") {
        sendCachedPage(res, cached.page, guestCache.personalize(cached.page.body, visitor), cached.state);
        if (cached.shouldRefresh) {
          void renderForCache(request.url, req.headers, cacheKey).catch((error) => {
            guestCache.refreshFailed(cacheKey);
            logger().warn({ err: error }, "guest page refresh failed");
          });
        }
        return;
      }
      const response = await render(request, placeholderContext(requestId, clientIp));
      const page = await storeIfCacheable(response, cacheKey);
      if (page) {
        sendCachedPage(res, page, guestCache.personalize(page.body, visitor), "miss");
      } else if ((response.headers.get("Content-Type") ?? "").startsWith("text/html") && response.body) {
        const body = guestCache.personalize(await response.text(), visitor);
        await sendWebResponse(res, new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }));
      } else {
        await sendWebResponse(res, response);
      }
    } catch (error) {
      next(error);
    }
  };

  function placeholderContext(requestId: string, clientIp: string): AppLoadContext {
    return { cspNonce: guestCache.noncePlaceholder, csrfToken: guestCache.csrfPlaceholder, requestId, clientIp };
  }

  async function renderForCache(url: string, headers: IncomingHttpHeaders, cacheKey: string) {
    const request = new Request(url, { headers: { accept: headers.accept ?? "text/html", "user-agent": headers["user-agent"] ?? "" } });
    const response = await render(request, placeholderContext(`refresh-${randomBytes(4).toString("hex")}`, "cache-refresh"));
    if (!(await storeIfCacheable(response, cacheKey))) guestCache.refreshFailed(cacheKey);
  }

  async function storeIfCacheable(response: Response, cacheKey: string) {
    const cacheable =
      response.status === 200 &&
      response.headers.get(GUEST_CACHE_HEADER) === "1" &&
      (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
      !response.headers.has("Set-Cookie");
    if (!cacheable) return undefined;
    const headers = [...response.headers].filter(([name]) => name !== GUEST_CACHE_HEADER);
    const page = { status: response.status, headers, body: await response.text() };
    guestCache.store(cacheKey, page);
    return page;
  }
}

function sendCachedPage(res: ExpressResponse, page: { status: number; headers: [string, string][] }, body: string, state: string) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("X-Guest-Cache", state);
  res.setHeader("Vary", "Cookie");
  res.end(body);
}

/** The fields of a urlencoded or multipart body (read from a copy), or null for other bodies. */
async function formFieldsOf(request: Request): Promise<FormData | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return null;
  // A malformed body is the route's to refuse.
  return request.clone().formData().catch(() => null);
}

function stringField(form: FormData | null, name: string): string | null {
  const value = form?.get(name);
  return typeof value === "string" ? value : null;
}

function isJson(request: Request) {
  return (request.headers.get("Content-Type") ?? "").includes("json");
}

function sendCsrfFailure(req: ExpressRequest, res: ExpressResponse, freshToken: string) {
  sendRefusal(req, res, {
    status: 400,
    code: "csrf_auth_failed",
    title: "Please try again",
    detail: "Your security token is missing or out of date. Reload the page and try again.",
    meta: { csrf_token: freshToken },
  });
}

function toWebRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  const twin = jsonTwinPath(req.method, url.pathname, req.headers["content-type"]);
  if (twin) url.pathname = twin;
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

async function sendWebResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === GUEST_CACHE_HEADER) continue;
    res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (!response.body) {
    res.end();
    return;
  }
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    res.write(chunk);
  }
  res.end();
}
