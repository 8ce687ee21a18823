import { z } from "zod";
import type { StudySessionAttachmentKind } from "~/db/schema";

/**
 * What an instructor may attach to a live session (SPEC §3: booklet, solution, recording,
 * preview), pure: booklets, solutions and previews are PDFs, recordings MP4 or WebM videos, each
 * recognised by its first bytes rather than by the name or type the browser sent.
 */

export const ATTACHMENT_KIND_NAMES: Record<StudySessionAttachmentKind, string> = {
  booklet: "Booklet",
  solution: "Solutions",
  recording: "Recording",
  preview: "Preview",
};

/** The request body's own cap for multipart posts (server/remix-handler.ts) bounds an upload at 25 MB. */
export const ATTACHMENT_MAX_BYTES = 24 * 1024 * 1024;

export type AttachmentFileType = { extension: "pdf"; contentType: "application/pdf" } | { extension: "mp4"; contentType: "video/mp4" } | { extension: "webm"; contentType: "video/webm" };

export function attachmentFileType(bytes: Uint8Array): AttachmentFileType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 5 && ascii(0, 5) === "%PDF-") return { extension: "pdf", contentType: "application/pdf" };
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp") return { extension: "mp4", contentType: "video/mp4" };
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return { extension: "webm", contentType: "video/webm" };
  return null;
}

/** Whether the file suits the kind: a recording is a video, everything else a PDF. */
export function fileSuitsKind(kind: StudySessionAttachmentKind, type: AttachmentFileType): boolean {
  return kind === "recording" ? type.extension !== "pdf" : type.extension === "pdf";
}

export const attachmentUploadSchema = z.object({
  intent: z.literal("attachment-add"),
  kind: z.enum(["booklet", "solution", "recording", "preview"], { error: "Choose what the file is" }),
  name: z.string({ error: "Name the file, like Midterm booklet" }).trim().min(1, "Name the file, like Midterm booklet").max(200, "The name is too long (at most 200 characters)"),
  file: z.instanceof(File, { error: "Choose a file" }).refine((file) => file.size > 0, "Choose a file").refine((file) => file.size <= ATTACHMENT_MAX_BYTES, "The file is too large (at most 24 MB)"),
});

export const attachmentRemoveSchema = z.object({
  intent: z.literal("attachment-remove"),
  attachment_id: z.coerce.number({ error: "Choose a file" }).int().positive().max(2_147_483_647),
});

export const ATTACHMENT_MESSAGES = {
  added: (name: string) => `${name} was added to the session.`,
  removed: "The file was removed.",
  wrongType: "Booklets, solutions and previews are PDF files; recordings are MP4 or WebM videos.",
};
