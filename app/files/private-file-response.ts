/**
 * A private stored file (a résumé, a transcript, a student's handed-in work) as an answer: never
 * cached, never sniffed, sandboxed, and by default a download rather than a page of ours.
 */
export function privateFileResponse(file: { bytes: Uint8Array; contentType: string; fileName: string }, options: { disposition?: "attachment" | "inline" } = {}): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `${options.disposition ?? "attachment"}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/** The 404 for a file the viewer may not open, the same whether or not it exists. */
export function refuseFile(message: string): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}
