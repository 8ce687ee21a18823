import { singleton } from "~/utils/singleton.server";

/**
 * A page rendered in full (app/entry.server.tsx) as a Response whose bytes the HTTP server
 * (server/remix-handler.ts) can also take directly, and write in one call, instead of reading
 * them back out of the Response's web stream a chunk at a time. Any other Response, or a copy of
 * this one, goes by its stream as usual.
 */
function documents() {
  return singleton("rendered-documents", () => new WeakMap<Response, Buffer>());
}

export function renderedDocument(body: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(body, init);
  documents().set(response, body);
  return response;
}

/** The bytes of a page made by renderedDocument, if this is one. */
export function documentBytes(response: Response): Buffer | undefined {
  return documents().get(response);
}
