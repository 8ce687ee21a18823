import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import {
  createRequestHandler,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import { parse as parseCookies } from "cookie";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { recordImpersonatedAction } from "./impersonated-actions";
import { jsonTwinPath } from "../app/api/json-twins";
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  CSRF_HEADER,
  csrfTokensMatch,
  isMutatingMethod,
  freshCsrfToken,
  serializeCsrfCookie,
  tokenFromCsrfCookie,
} from "../app/security/csrf.server";
import { SESSION_COOKIE } from "../app/accounts/session.server";
import {
  formFieldsHaveNul,
  JSON_TOO_DEEP,
  jsonBodyHasNul,
  jsonNestedTooDeep,
  NUL_IN_BODY,
  refusedFieldNamesReason,
} from "../app/security/request-input";
import { GUEST_CACHE_HEADER } from "../app/utils/guest-cache";
import { logger } from "../app/utils/logger.server";
import { documentBytes, renderedDocument, responseText } from "../app/utils/rendered-document.server";
import { currentRequestContext } from "../app/utils/request-context.server";
import { GuestPageCache, guestCacheKey } from "./guest-page-cache";
import { sendRefusal } from "./refusal";

/**
 * The bytes read of one request body, counted as they arrive (so a chunked body is capped as
 * surely as one with a Content-Length): uploads are multipart; forms, JSON and webhooks are small.
 */
export const BODY_LIMITS = { multipart: 25 * 1024 * 1024, other: 1024 * 1024 } as const;
// Paths whose callers cannot hold a CSRF token and prove themselves another way (signatures).
const CSRF_EXEMPT_PREFIXES = ["/webhooks/"];

interface HandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  sessionSecret: string;
  secureCookies: boolean;
  guestCache: GuestPageCache;
  /** The site's configured origin; every request is seen at it. Unset in development and tests without APP_ORIGIN. */
  appOrigin?: string;
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
      const init = { status: 503, statusText: "Service Unavailable", headers };
      const page = documentBytes(response);
      return page === undefined ? new Response(response.body, init) : renderedDocument(page, init);
    }
    return response;
  }

  return async function remixHandler(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    try {
      const body = await readBody(req, res);
      if (body === undefined) return;
      const cookies = parseCookies(req.headers.cookie ?? "");
      let csrfToken = tokenFromCsrfCookie(cookies[CSRF_COOKIE], options.sessionSecret);
      const request = toWebRequest(req, res, res.locals.siteOrigin as string, body);
      const nonce: string = res.locals.cspNonce;

      if (isMutatingMethod(req.method)) {
        // A form body is parsed once, for the CSRF field and for the input checks.
        const form = await formFieldsOf(request, body);
        // The path as routing will see it: `/webhooks/../profile` is /profile.
        const signedBySender = CSRF_EXEMPT_PREFIXES.some((prefix) => new URL(request.url).pathname.startsWith(prefix));
        if (!signedBySender) {
          const presented = request.headers.get(CSRF_HEADER) ?? stringField(form, CSRF_FIELD) ?? (isJson(request) ? jsonCsrfField(body) : null);
          if (!csrfTokensMatch(csrfToken, presented)) {
            const fresh = csrfToken ?? freshCsrfToken(cookies[SESSION_COOKIE], options.sessionSecret);
            if (!csrfToken) res.append("Set-Cookie", serializeCsrfCookie(fresh, options.sessionSecret, options.secureCookies));
            sendCsrfFailure(req, res, fresh);
            return;
          }
        }
        const refusal = refusedBodyReason(form, isJson(request) ? body?.toString("utf8") : undefined);
        if (refusal) {
          sendRefusal(req, res, { status: 400, code: "invalid_parameter", title: "Please check what you sent", detail: refusal });
          return;
        }
      }
      // While an admin is signed in as someone else, every change is on record with both ids.
      if (isMutatingMethod(req.method)) await recordImpersonatedAction(request);
      if (!csrfToken) {
        csrfToken = freshCsrfToken(cookies[SESSION_COOKIE], options.sessionSecret);
        res.append("Set-Cookie", serializeCsrfCookie(csrfToken, options.sessionSecret, options.secureCookies));
      }

      const requestId = currentRequestContext()?.requestId ?? "";
      const clientIp = req.ip ?? req.socket.remoteAddress ?? "unknown";
      // Pages are rendered at the configured origin whatever Host says; still, only requests for
      // the configured host read or fill the shared cache, so no other host's copy is ever kept.
      const cacheKey =
        guestCache.enabled && (!options.appOrigin || req.headers.host === new URL(options.appOrigin).host)
          ? guestCacheKey(req.method, new URL(request.url), { accept: req.headers.accept, cookies, authorization: req.headers.authorization })
          : undefined;
      const signedIn = cookies[SESSION_COOKIE] !== undefined;
      if (!cacheKey) {
        await sendWebResponse(res, await render(request, { cspNonce: nonce, csrfToken, requestId, clientIp }), signedIn);
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
      } else if ((response.headers.get("Content-Type") ?? "").startsWith("text/html") && (response.body || documentBytes(response))) {
        const body = guestCache.personalize(await responseText(response), visitor);
        await sendWebResponse(res, renderedDocument(Buffer.from(body), { status: response.status, statusText: response.statusText, headers: response.headers }), signedIn);
      } else {
        await sendWebResponse(res, response, signedIn);
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
    const page = { status: response.status, headers, body: await responseText(response) };
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

/**
 * Reads a request body into memory, counting the bytes as they arrive whatever the framing.
 * Over the limit: answers 413 and gives undefined; so does a client that goes away mid-body.
 * GET and HEAD have no body (null).
 */
function readBody(req: ExpressRequest, res: ExpressResponse): Promise<Buffer | null | undefined> {
  if (req.method === "GET" || req.method === "HEAD") return Promise.resolve(null);
  const type = req.headers["content-type"] ?? "";
  const limit = type.startsWith("multipart/form-data") ? BODY_LIMITS.multipart : BODY_LIMITS.other;
  const refuse = () => {
    // The rest of the body is discarded as it arrives (so the client can read this answer, which
    // closing on unread data would destroy), and the connection ends soon after the answer.
    req.resume();
    res.setHeader("Connection", "close");
    const { socket } = req;
    res.once("finish", () => setTimeout(() => socket.destroy(), 2_000).unref());
    sendRefusal(req, res, {
      status: 413,
      code: "payload_too_large",
      title: "What you sent is too large",
      detail: `What you sent is larger than ${Math.round(limit / 1024 / 1024)} MB.`,
    });
  };
  // A declared length over the limit is refused before reading a byte.
  if (Number(req.headers["content-length"] ?? 0) > limit) {
    refuse();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (body: Buffer | undefined) => {
      req.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onClose);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      refuse();
      settle(undefined);
    };
    const onEnd = () => settle(Buffer.concat(chunks, size));
    // The client went away (or the request timed out) mid-body: nobody is left to answer.
    const onGone = () => {
      res.destroy();
      settle(undefined);
    };
    const onClose = () => {
      if (!req.complete) onGone();
    };
    req.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onClose);
  });
}

/** Why a mutating request's form fields or JSON text are refused before any route runs, or null. */
function refusedBodyReason(form: FormData | URLSearchParams | null, json: string | undefined): string | null {
  if (form) return formFieldsHaveNul(form) ? NUL_IN_BODY : refusedFieldNamesReason(form.keys());
  if (json === undefined) return null;
  if (jsonBodyHasNul(json)) return NUL_IN_BODY;
  return jsonNestedTooDeep(json) ? JSON_TOO_DEEP : null;
}

/**
 * The fields of a urlencoded or multipart body, or null for other bodies. A urlencoded body is
 * parsed straight from its bytes (the cheapest way; floods of refused forms are mostly that),
 * multipart from a copy of the request.
 */
async function formFieldsOf(request: Request, body: Buffer | null): Promise<FormData | URLSearchParams | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) return new URLSearchParams(body?.toString("utf8") ?? "");
  if (!type.startsWith("multipart/form-data")) return null;
  // A malformed body is the route's to refuse.
  return request.clone().formData().catch(() => null);
}

function stringField(form: FormData | URLSearchParams | null, name: string): string | null {
  const value = form?.get(name);
  return typeof value === "string" ? value : null;
}

/**
 * A JSON body's top-level `csrf_token`: navigator.sendBeacon (the tracking events) cannot set a
 * header. As safe as the form field: the token must still match the visitor's own cookie.
 */
function jsonCsrfField(body: Buffer | null): string | null {
  if (!body || body.length > 64_000) return null;
  try {
    const parsed: unknown = JSON.parse(body.toString("utf8"));
    const value = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>)[CSRF_FIELD] : undefined;
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
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

/** The web Request a route sees: at the site's origin (never the Host header's, in production), with the body as read. */
function toWebRequest(req: ExpressRequest, res: ExpressResponse, origin: string, body: Buffer | null): Request {
  const url = new URL(`${origin}${req.originalUrl}`);
  const twin = jsonTwinPath(req.method, url.pathname, req.headers["content-type"]);
  if (twin) url.pathname = twin;
  const controller = new AbortController();
  // A client that leaves before its answer ends aborts the work for it (event streams, renders).
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // The body is whole in memory now: its framing headers no longer describe it.
  headers.delete("transfer-encoding");
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (body) init.body = body as unknown as ArrayBuffer; // a Buffer is a Uint8Array, which fetch takes as is
  return new Request(url, init);
}

async function sendWebResponse(res: ExpressResponse, response: Response, signedIn: boolean) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === GUEST_CACHE_HEADER) continue;
    res.setHeader(name, value);
  }
  // A signed-in page is one person's: no shared cache, nor the browser's back-forward store of a
  // shared computer, may keep it. Files with caching rules of their own keep them.
  const isPage = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if ((signedIn || response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))) && (isPage || !response.headers.has("Cache-Control"))) {
    res.setHeader("Cache-Control", "private, no-store");
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  const page = documentBytes(response);
  if (page) {
    res.setHeader("Content-Length", page.byteLength);
    res.end(page);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  const body = response.body as unknown as AsyncIterable<Uint8Array>;
  if (response.headers.get("Content-Type")?.startsWith("text/event-stream")) {
    for await (const chunk of body) res.write(chunk);
    res.end();
    return;
  }
  // One chunk behind, so the last goes out with the end of the answer: a page, rendered into one
  // chunk, leaves in one write to the socket, with its length instead of chunked framing. A long
  // body (a lesson video) goes at the client's pace, and stops being read when the client leaves:
  // leaving the loop cancels the stream, which closes the file.
  let previous: Uint8Array | undefined;
  for await (const chunk of body) {
    if (previous && !(await written(res, previous))) return;
    previous = chunk;
  }
  if (!res.headersSent && !res.hasHeader("Content-Length")) res.setHeader("Content-Length", previous?.byteLength ?? 0);
  res.end(previous);
}

/** Writes a chunk, waiting while the connection's buffer is full; false once the client has gone. */
function written(res: ExpressResponse, chunk: Uint8Array): boolean | Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(chunk)) return true;
  return new Promise((resolve) => {
    const settle = () => {
      res.off("drain", settle);
      res.off("close", settle);
      resolve(!res.destroyed);
    };
    res.on("drain", settle);
    res.on("close", settle);
  });
}
