import sharp from "sharp";
import { db } from "~/db/db.server";
import type { Avatar } from "~/db/schema";
import { deleteStoredFile, newFileName, saveFile } from "~/files/storage.server";

/** SPEC: avatars show at 120 px by default; the thumb is for lists and chat. */
export const AVATAR_SIZES = { normal: 120, thumb: 48 } as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The stored original is re-encoded and capped, so no uploaded bytes (or metadata) are served as sent. */
const ORIGINAL_MAX_SIDE = 1024;
/** Refuse decompression bombs: a small file claiming a huge picture. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);

export class AvatarError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = "AvatarError";
  }
}

export const AVATAR_TOO_LARGE_MESSAGE = "That image is larger than 5 MB. Choose a smaller one.";
export const AVATAR_NOT_IMAGE_MESSAGE = "That file is not an image we can use. Choose a JPEG, PNG, WebP or GIF picture.";

/**
 * Checks the upload is a picture (by decoding it, never by its name or declared type), stores
 * the re-encoded original, normal and thumb, points the user's avatar at them and removes the
 * previous files.
 */
export async function storeAvatar(userId: number, upload: FormDataEntryValue | null): Promise<Avatar> {
  if (!upload || typeof upload === "string" || upload.size === 0) throw new AvatarError(400, "Choose an image to upload.");
  if (upload.size > AVATAR_MAX_BYTES) throw new AvatarError(413, AVATAR_TOO_LARGE_MESSAGE);
  const input = Buffer.from(await upload.arrayBuffer());
  const image = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new AvatarError(400, AVATAR_NOT_IMAGE_MESSAGE);
  } catch (error) {
    if (error instanceof AvatarError) throw error;
    throw new AvatarError(400, AVATAR_NOT_IMAGE_MESSAGE);
  }
  let encoded: [Buffer, Buffer, Buffer];
  try {
    encoded = await Promise.all([
      image().resize(ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE, { fit: "inside", withoutEnlargement: true }).webp().toBuffer(),
      image().resize(AVATAR_SIZES.normal, AVATAR_SIZES.normal, { fit: "cover" }).webp().toBuffer(),
      image().resize(AVATAR_SIZES.thumb, AVATAR_SIZES.thumb, { fit: "cover" }).webp().toBuffer(),
    ]);
  } catch {
    // A truncated or corrupt file gets this far on its header alone.
    throw new AvatarError(400, AVATAR_NOT_IMAGE_MESSAGE);
  }
  const [original, normal, thumb] = await Promise.all(
    encoded.map((bytes, index) => saveFile("avatars", newFileName(`${userId}-${["original", "normal", "thumb"][index]}`, "webp"), bytes)),
  );
  const avatar: Avatar = { is_silhouette: false, is_processing: false, original: original!, normal: normal!, thumb: thumb! };
  const previous = await db().selectFrom("users").select("avatar").where("id", "=", userId).executeTakeFirst();
  await db().updateTable("users").set({ avatar: JSON.stringify(avatar), updated_at: new Date() }).where("id", "=", userId).execute();
  for (const url of [previous?.avatar?.original, previous?.avatar?.normal, previous?.avatar?.thumb]) {
    const name = url?.startsWith("/uploads/avatars/") ? url.slice("/uploads/avatars/".length) : undefined;
    if (name) await deleteStoredFile("avatars", name);
  }
  return avatar;
}
