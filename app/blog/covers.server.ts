import { reencodedPicture } from "~/files/pictures.server";
import { isStoredFileName, newFileName, readStoredFile, saveFile } from "~/files/storage.server";

/**
 * Blog posts' cover pictures: uploaded in the editor, re-encoded to WebP (no uploaded bytes or
 * metadata are served as sent) and kept in the "blog-covers" bucket of the storage seam. Covers
 * are public (a post's page shows one to guests), served by app/routes/uploads+/blog-covers.$file.ts.
 */
const BUCKET = "blog-covers";
const COVER_MAX_SIDE = 1600;

/** Stores a cover and returns its public URL; null when the file is not a picture. */
export async function storeCover(bytes: Uint8Array): Promise<string | null> {
  const webp = await reencodedPicture(bytes, COVER_MAX_SIDE);
  if (!webp) return null;
  return saveFile(BUCKET, newFileName("cover", "webp"), webp);
}

export async function readCover(name: string): Promise<Buffer | null> {
  return isStoredFileName(BUCKET, name) ? readStoredFile(BUCKET, name) : null;
}
