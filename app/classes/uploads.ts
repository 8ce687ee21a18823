import { documentKind, type DocumentKind } from "~/files/document-files";

/**
 * Upload assignments (SPEC §2 /course-assignments/{id}/*): the rules for a student's handed-in
 * file. Pure. A file is a PDF, a Word document (.docx) or a PNG/JPEG picture of the work,
 * recognised by its bytes, at most 10 MB; it may be replaced until the teacher grades it.
 */

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  missing: "Choose the file of your work.",
  wrongType: "Hand in a PDF, a Word document (.docx) or a PNG or JPEG picture of your work.",
  tooLarge: "The file is too large (at most 10 MB).",
  graded: "Your work is graded, so the file can no longer be replaced.",
} as const;

export type UploadCheck = { ok: true; kind: DocumentKind } | { ok: false; message: string };

/** Whether these bytes can be handed in: empty, too large or not a document or picture is refused with a field message. */
export function checkUpload(bytes: Uint8Array): UploadCheck {
  if (bytes.byteLength === 0) return { ok: false, message: UPLOAD_MESSAGES.missing };
  if (bytes.byteLength > UPLOAD_MAX_BYTES) return { ok: false, message: UPLOAD_MESSAGES.tooLarge };
  const kind = documentKind(bytes, { pictures: true });
  return kind ? { ok: true, kind } : { ok: false, message: UPLOAD_MESSAGES.wrongType };
}

/** A student may hand in a file, or replace the one handed in, until the work has a grade. */
export function mayReplaceUpload(input: { graded: boolean }): boolean {
  return !input.graded;
}

