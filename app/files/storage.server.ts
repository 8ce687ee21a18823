import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "~/config/env.server";

/**
 * Where stored files live. One seam for every stored file (uploads, rendered booklets, lesson
 * media): a folder per bucket under DATA_DIR/uploads on this machine. Object storage (an S3
 * bucket) is not built; it would implement these same calls, and no caller would change.
 */
export type Bucket = "avatars" | "booklets" | "lesson-media" | "study-session-files" | "study-room-files" | "flash-card-pictures" | "blog-covers" | "job-resumes" | "course-notes" | "scholarship-transcripts" | "contest-uploads" | "assignment-uploads";

export type StoredExtension = "png" | "jpg" | "webp" | "pdf" | "docx" | "mp4" | "webm" | "vtt";

/** What each bucket holds: avatars are images, booklets PDFs, lesson media videos and their captions. */
const EXTENSIONS: Record<Bucket, readonly StoredExtension[]> = {
  avatars: ["png", "jpg", "webp"],
  booklets: ["pdf"],
  "lesson-media": ["mp4", "webm", "vtt"],
  // Live study sessions' booklets, solutions and previews (PDF) and recordings (video).
  "study-session-files": ["pdf", "mp4", "webm"],
  // Study rooms' attachments: PDFs as sent, pictures re-encoded.
  "study-room-files": ["pdf", "webp"],
  // Pictures in flash cards, re-encoded.
  "flash-card-pictures": ["webp"],
  // Blog posts' cover pictures, re-encoded (app/blog/covers.server.ts).
  "blog-covers": ["webp"],
  // Job applicants' résumés as sent (PDF or Word), read by jobs managers only.
  "job-resumes": ["pdf", "docx"],
  // Notes students upload for a course, as sent (PDF or picture), opened as app/notes/ allows.
  "course-notes": ["pdf", "png", "jpg"],
  // Scholarship applicants' transcripts as sent (PDF or picture), read by the applicant and staff only.
  "scholarship-transcripts": ["pdf", "png", "jpg"],
  // Contest entries' files as sent (PDF or picture), read by the entrant and staff only.
  "contest-uploads": ["pdf", "png", "jpg"],
  // Files students hand in for upload assignments, as sent (PDF, Word or picture), read by the student and the class's teachers only.
  "assignment-uploads": ["pdf", "docx", "png", "jpg"],
};

/**
 * File names we create and accept: random (or, for demo media, fixed and content-derived), lower
 * case, one extension the bucket holds. No slash, no second dot: a name never leaves its folder.
 */
const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,100}\.([a-z0-9]{2,4})$/;

export function isStoredFileName(bucket: Bucket, name: string): boolean {
  const extension = FILE_NAME.exec(name)?.[1];
  return extension !== undefined && (EXTENSIONS[bucket] as readonly string[]).includes(extension);
}

function folder(bucket: Bucket) {
  return path.resolve(config().DATA_DIR, "uploads", bucket);
}

/** Where a stored file is on disk, or null for a name that is not one of ours. */
function filePath(bucket: Bucket, name: string): string | null {
  return isStoredFileName(bucket, name) ? path.join(folder(bucket), name) : null;
}

/** The public URL of a stored file (avatars are served by app/routes/uploads+/avatars.$file.ts). */
export function publicUrl(bucket: Bucket, name: string) {
  return `/uploads/${bucket}/${name}`;
}

/** A fresh name that no other upload has: files are never overwritten, so they can be cached for good. */
export function newFileName(prefix: string, extension: StoredExtension) {
  return `${prefix}-${randomBytes(12).toString("hex")}.${extension}`;
}

export async function saveFile(bucket: Bucket, name: string, content: Uint8Array): Promise<string> {
  if (!isStoredFileName(bucket, name)) throw new Error(`Refusing to store a file named ${JSON.stringify(name)} in ${bucket}`);
  const dir = folder(bucket);
  await mkdir(dir, { recursive: true });
  // Write then rename, so a reader never sees half a file.
  const temporary = path.join(dir, `.${name}.${process.pid}.tmp`);
  await writeFile(temporary, content);
  await rename(temporary, path.join(dir, name));
  return publicUrl(bucket, name);
}

/** The file's bytes, or null when there is no such file (or the name is not one of ours). For small files: videos are read with `readStoredRange`. */
export async function readStoredFile(bucket: Bucket, name: string): Promise<Buffer | null> {
  const file = filePath(bucket, name);
  if (!file) return null;
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** The file's size in bytes, or null when there is no such file (or the name is not one of ours). */
export async function storedFileSize(bucket: Bucket, name: string): Promise<number | null> {
  const file = filePath(bucket, name);
  if (!file) return null;
  try {
    const found = await stat(file);
    return found.isFile() ? found.size : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

const CHUNK_BYTES = 64 * 1024;

/**
 * Bytes `start` to `end` (inclusive) of a stored file as a stream, read a chunk at a time as the
 * reader asks for them: a video is never in memory whole, and a slow client slows the reading.
 * Nothing is opened until the first read, and cancelling the stream (a client gone) closes the
 * file. The stream errors if the file ends before `end` or there is no such file.
 */
export function readStoredRange(bucket: Bucket, name: string, start: number, end: number): ReadableStream<Uint8Array> {
  const file = filePath(bucket, name);
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  let position = start;
  const close = async () => {
    const opened = handle;
    handle = undefined;
    await opened?.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!file) throw new Error(`Not a stored file name: ${JSON.stringify(name)}`);
          if (position > end) {
            await close();
            controller.close();
            return;
          }
          handle ??= await open(file, "r");
          const buffer = new Uint8Array(Math.min(CHUNK_BYTES, end - position + 1));
          const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, position);
          if (bytesRead === 0) throw new Error(`${bucket}/${name} ended at byte ${position}, before ${end}`);
          position += bytesRead;
          controller.enqueue(bytesRead === buffer.byteLength ? buffer : buffer.subarray(0, bytesRead));
          if (position > end) {
            await close();
            controller.close();
          }
        } catch (error) {
          await close();
          controller.error(error);
        }
      },
      cancel: close,
    },
    // Read only when asked: a HEAD answer, whose body is never read, opens nothing.
    { highWaterMark: 0 },
  );
}

export async function deleteStoredFile(bucket: Bucket, name: string): Promise<void> {
  const file = filePath(bucket, name);
  if (!file) return;
  await unlink(file).catch(() => undefined);
}
