/** A stored file as the server hands it to one person: who may see it is decided before this. */
export interface PrivateFile {
  bytes: Uint8Array | Buffer;
  contentType: string;
  fileName: string;
}

export interface PrivateFileOptions {
  /** "attachment" (the default) saves it, for uploads we never render; "inline" lets the browser show a PDF or picture. */
  disposition?: "attachment" | "inline";
  /** A HEAD request gets the headers only. */
  method?: string;
  /** What an inline file may load of ours (a PDF viewer needs object-src); always sandboxed. */
  allow?: string;
}

/**
 * The answer for a file a person uploaded: never cached (access can end), never sniffed into
 * another type, and sandboxed, so a crafted PDF or picture runs no script against the site.
 * The name travels as RFC 5987 UTF-8, so any upload's name survives and none breaks the header.
 */
export function privateFileResponse(file: PrivateFile, { disposition = "attachment", method, allow }: PrivateFileOptions = {}): Response {
  return new Response(method === "HEAD" ? null : new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": `default-src 'none';${allow ? ` ${allow};` : ""} sandbox`,
    },
  });
}

/** A refusal of a file, worded for people; 404 by default, so a file one may not open looks like one that does not exist. */
export function refuseFile(message: string, status = 404): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}
