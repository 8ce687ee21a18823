import sharp from "sharp";

/** Refuse decompression bombs: a small file claiming a huge picture. */
const MAX_INPUT_PIXELS = 40_000_000;
const PICTURE_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);

/**
 * An uploaded picture as we store it: decoded and re-encoded as WebP, turned upright and at most
 * `maxSide` pixels wide or high, so no uploaded bytes or metadata are ever served as sent. Null
 * for anything that is not a JPEG, PNG, WebP or GIF picture (or a truncated one).
 */
export async function reencodedPicture(bytes: Uint8Array, maxSide: number): Promise<Uint8Array | null> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.format || !PICTURE_FORMATS.has(metadata.format)) return null;
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate().resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true }).webp({ quality: 85 }).toBuffer();
  } catch {
    // Not a picture, or a truncated one that got this far on its header alone.
    return null;
  }
}
