import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { errorDocument } from "../app/api/errors";
import { escapeHtml } from "../app/formatting/html";

/**
 * Answers a request the server refuses before any route runs (a stale CSRF token, malformed
 * input): a short HTML page with a way back for browsers, the API's error document otherwise.
 */
export function sendRefusal(
  req: ExpressRequest,
  res: ExpressResponse,
  refusal: { status: number; code: string; title: string; detail: string; meta?: Record<string, unknown> },
) {
  res.status(refusal.status).setHeader("Cache-Control", "no-store");
  const wantsHtml = (req.headers.accept ?? "").includes("text/html") && !req.path.startsWith("/api/");
  if (wantsHtml) {
    const back = sameSiteReferer(req.headers.referer, res.locals.siteOrigin as string | undefined) ?? "/";
    res.type("html").send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(refusal.title)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(refusal.title)}</h1><p>${escapeHtml(refusal.detail)}</p><p><a href="${escapeHtml(back)}">Go back</a></p></body></html>`,
    );
    return;
  }
  res.type("application/vnd.api+json").send(JSON.stringify(errorDocument(refusal.status, refusal.code, refusal.detail, refusal.meta)));
}

/** The Referer when it is a page of this site (scheme and host compared, so never `javascript:`), else null. */
export function sameSiteReferer(referer: string | undefined, siteOrigin: string | undefined): string | null {
  if (!referer || !siteOrigin) return null;
  try {
    const url = new URL(referer);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin === new URL(siteOrigin).origin ? url.href : null;
  } catch {
    return null;
  }
}


