import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "~/config/env.server";

/**
 * Where uploaded files live. One seam for every upload: a folder under DATA_DIR now; an S3
 * bucket later implements the same three calls without touching the callers.
 */
export type Bucket = "avatars" | "booklets";

/** File names we create and accept: random, lower case, one known image extension (or a PDF booklet). */
const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,100}\.(png|jpg|webp|pdf)$/;

export function isStoredFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

function folder(bucket: Bucket) {
  return path.resolve(config().DATA_DIR, "uploads", bucket);
}

/** The public URL of a stored file (served by app/routes/uploads+/avatars.$file.ts). */
export function publicUrl(bucket: Bucket, name: string) {
  return `/uploads/${bucket}/${name}`;
}

/** A fresh name that no other upload has: files are never overwritten, so they can be cached for good. */
export function newFileName(prefix: string, extension: "png" | "jpg" | "webp" | "pdf") {
  return `${prefix}-${randomBytes(12).toString("hex")}.${extension}`;
}

export async function saveFile(bucket: Bucket, name: string, content: Uint8Array): Promise<string> {
  if (!isStoredFileName(name)) throw new Error(`Refusing to store a file named ${JSON.stringify(name)}`);
  const dir = folder(bucket);
  await mkdir(dir, { recursive: true });
  // Write then rename, so a reader never sees half a file.
  const temporary = path.join(dir, `.${name}.${process.pid}.tmp`);
  await writeFile(temporary, content);
  await rename(temporary, path.join(dir, name));
  return publicUrl(bucket, name);
}

/** The file's bytes, or null when there is no such file (or the name is not one of ours). */
export async function readStoredFile(bucket: Bucket, name: string): Promise<Buffer | null> {
  if (!isStoredFileName(name)) return null;
  try {
    return await readFile(path.join(folder(bucket), name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function deleteStoredFile(bucket: Bucket, name: string): Promise<void> {
  if (!isStoredFileName(name)) return;
  await unlink(path.join(folder(bucket), name)).catch(() => undefined);
}
