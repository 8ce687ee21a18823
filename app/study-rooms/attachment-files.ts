import { z } from "zod";

/**
 * What members may attach to a study room (SPEC §3 study room attachments), pure: a PDF,
 * recognised by its first bytes, or a picture (JPEG, PNG, WebP, GIF), which the server decodes
 * and stores re-encoded. Up to ROOM_ATTACHMENT_LIMIT files per room.
 */

export const ROOM_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ROOM_ATTACHMENT_LIMIT = 50;

export const ROOM_ATTACHMENT_MESSAGES = {
  wrongType: "Attach a PDF or a picture (JPEG, PNG, WebP or GIF).",
  tooLarge: "The file is too large (at most 10 MB).",
  full: `A room holds up to ${ROOM_ATTACHMENT_LIMIT} files.`,
  added: (name: string) => `${name} is attached to the room.`,
  placed: (name: string, board: string) => `${name} is on ${board}.`,
};

export const isPdf = (bytes: Uint8Array) => bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-";

/** "Week 3 notes (final).PDF" → "Week 3 notes (final).pdf": the name people see, without folders or control characters, and with the stored type's extension. */
export function attachmentDisplayName(sent: string, extension: "pdf" | "webp"): string {
  const base = (sent.split(/[\\/]/).pop() ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim()
    .slice(0, 150);
  return `${base || "Attachment"}.${extension === "pdf" ? "pdf" : "webp"}`;
}

export const attachFileField = z
  .instanceof(File, { error: "Choose a file to attach" })
  .refine((file) => file.size > 0, "Choose a file to attach")
  .refine((file) => file.size <= ROOM_ATTACHMENT_MAX_BYTES, ROOM_ATTACHMENT_MESSAGES.tooLarge);
