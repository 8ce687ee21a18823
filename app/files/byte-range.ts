/**
 * Which bytes of a file to send for a request's `Range` header (RFC 9110 §14). Pure: the file
 * routes ask it and build the answer.
 *
 * - No header, or one we do not take (another unit than bytes, bad syntax, a range whose end is
 *   before its start): the whole file, 200. A server may always ignore Range, and answering a
 *   malformed one in full is what browsers and download managers expect.
 * - One range: `bytes=a-b` (b past the end is clamped to the last byte), `bytes=a-` (from a to
 *   the end), `bytes=-n` (the last n bytes; the whole file when it is shorter): 206 with
 *   `Content-Range: bytes a-b/size`; a range that starts at or past the end, or `-0`: 416 with
 *   a Content-Range that gives only the size (`bytes`, a star, then `/size`).
 * - Several ranges (`bytes=0-1,5-9`): the whole file, 200. We never send multipart/byteranges;
 *   answering a subset as a single part would surprise a client that asked for parts, while the
 *   whole file is always a correct answer. Browsers' media players and resumed downloads ask
 *   for one range.
 * - An empty file: always the whole (empty) file; no range of it can be written in Content-Range.
 * - `If-Range`: the range holds only while the validator the client sent is our entity tag
 *   (strong comparison); otherwise the file has changed for that client, so the whole file.
 */

export type ByteRange =
  | { kind: "full"; status: 200; start: 0; end: number; length: number }
  | { kind: "partial"; status: 206; start: number; end: number; length: number; contentRange: string }
  | { kind: "unsatisfiable"; status: 416; contentRange: string };

export interface RangeRequest {
  /** The Range header, or null without one. */
  range: string | null;
  /** The If-Range header, or null without one. */
  ifRange?: string | null;
}

export interface RangedFile {
  size: number;
  /** The file's strong entity tag (the ETag we send), for If-Range. */
  etag?: string;
}

/** Header values longer than this are not ranges anyone needs: ignored, like other bad syntax. */
const MAX_HEADER_LENGTH = 1_000;
const SPEC = /^(\d*)-(\d*)$/;

export function byteRange({ range, ifRange = null }: RangeRequest, { size, etag }: RangedFile): ByteRange {
  const full: ByteRange = { kind: "full", status: 200, start: 0, end: size - 1, length: size };
  if (range === null || size <= 0 || range.length > MAX_HEADER_LENGTH) return full;
  if (ifRange !== null && (etag === undefined || etag.startsWith("W/") || ifRange.trim() !== etag)) return full;

  const eq = range.indexOf("=");
  if (eq < 0 || range.slice(0, eq).trim().toLowerCase() !== "bytes") return full;
  const specs = range
    .slice(eq + 1)
    .split(",")
    .map((spec) => spec.trim())
    .filter((spec) => spec !== "");
  // Several ranges: the whole file (see above); so is a header with no range in it.
  if (specs.length !== 1) return full;
  const [, first = "", last = ""] = SPEC.exec(specs[0]!) ?? [];
  if (first === "" && last === "") return full;
  if (first !== "" && last !== "" && Number(last) < Number(first)) return full;

  const unsatisfiable: ByteRange = { kind: "unsatisfiable", status: 416, contentRange: `bytes */${size}` };
  let start: number;
  let end: number;
  if (first === "") {
    // A suffix: the last n bytes.
    const suffix = Number(last);
    if (suffix === 0) return unsatisfiable;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    if (start >= size) return unsatisfiable;
    end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  }
  return { kind: "partial", status: 206, start, end, length: end - start + 1, contentRange: `bytes ${start}-${end}/${size}` };
}
