import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { errorDocument } from "../app/api/errors";

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
    const back = req.headers.referer && sameOrigin(req) ? req.headers.referer : "/";
    res.type("html").send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(refusal.title)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(refusal.title)}</h1><p>${escapeHtml(refusal.detail)}</p><p><a href="${escapeHtml(back)}">Go back</a></p></body></html>`,
    );
    return;
  }
  res.type("application/vnd.api+json").send(JSON.stringify(errorDocument(refusal.status, refusal.code, refusal.detail, refusal.meta)));
}

function sameOrigin(req: ExpressRequest) {
  try {
    return new URL(req.headers.referer ?? "").host === req.headers.host;
  } catch {
    return false;
  }
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
