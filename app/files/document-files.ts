/**
 * Uploaded documents (résumés, transcripts, homework, contest entries) are trusted by their
 * bytes, never by the name or type the browser sent: a PDF, a Word document, or a PNG/JPEG
 * scan where the caller allows pictures.
 */
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const PDF_MAGIC = ascii("%PDF-");
const ZIP_MAGIC = Uint8Array.of(0x50, 0x4b, 0x03, 0x04);
const WORD_PART = ascii("word/document.xml");
const PNG_MAGIC = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG_MAGIC = Uint8Array.of(0xff, 0xd8, 0xff);

function startsWith(bytes: Uint8Array, prefix: Uint8Array) {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

function contains(bytes: Uint8Array, part: Uint8Array) {
  outer: for (let i = 0; i + part.length <= bytes.length; i++) {
    for (let j = 0; j < part.length; j++) if (bytes[i + j] !== part[j]) continue outer;
    return true;
  }
  return false;
}

export type DocumentKind = { extension: "pdf" | "docx" | "png" | "jpg"; contentType: string };

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A PDF or a Word document (a zip holding word/document.xml), and with `pictures` a PNG or JPEG; null for anything else, whatever its name says. */
export function documentKind(bytes: Uint8Array, options: { pictures?: boolean } = {}): DocumentKind | null {
  if (startsWith(bytes, PDF_MAGIC)) return { extension: "pdf", contentType: "application/pdf" };
  if (startsWith(bytes, ZIP_MAGIC) && contains(bytes, WORD_PART)) return { extension: "docx", contentType: DOCX_TYPE };
  if (options.pictures && startsWith(bytes, PNG_MAGIC)) return { extension: "png", contentType: "image/png" };
  if (options.pictures && startsWith(bytes, JPEG_MAGIC)) return { extension: "jpg", contentType: "image/jpeg" };
  return null;
}

/** "CV (final).PDF" → "CV (final).pdf": the name shown to staff, with the stored type's extension; `fallback` when nothing usable was sent. */
export function documentFileName(sent: string, kind: DocumentKind, fallback: string): string {
  const base = (sent.split(/[\\/]/).pop() ?? "")
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim()
    .slice(0, 120);
  return `${base || fallback}.${kind.extension}`;
}
