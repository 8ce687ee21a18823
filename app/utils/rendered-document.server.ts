import { singleton } from "~/utils/singleton.server";

/**
 * A page rendered in full (app/entry.server.tsx) as a Response that carries its bytes beside it
 * rather than in a body: the HTTP server (server/remix-handler.ts) writes them to the socket in
 * one call. A body would cost each page the Response's own copy of its bytes and a web stream to
 * read them back out at once. Such a Response has no body of its own: take its bytes with
 * documentBytes, or its text with responseText.
 */
function documents() {
  return singleton("rendered-documents", () => new WeakMap<Response, Uint8Array>());
}

export function renderedDocument(body: Uint8Array, init: ResponseInit): Response {
  const response = new Response(null, init);
  documents().set(response, body);
  return response;
}

/** The bytes of a page made by renderedDocument, if this is one. */
export function documentBytes(response: Response): Uint8Array | undefined {
  return documents().get(response);
}

/** A Response's text: the page's for a rendered document, else its body read in full. */
export function responseText(response: Response): Promise<string> {
  const page = documentBytes(response);
  return page === undefined ? response.text() : Promise.resolve(Buffer.from(page.buffer, page.byteOffset, page.byteLength).toString("utf8"));
}
