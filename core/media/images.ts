import { PHOTO_MESSAGES as M, PHOTO_LIMITS } from "../../schemas/advert-photos.ts";
import { AppError } from "../errors.ts";
import { loadSharp } from "./load-sharp.ts";
import { photoHash } from "./photo-hash.ts";
import { type MediaStorage, newPrivateKey } from "./storage.ts";

/** Limits of what we accept from a browser. */
export const IMAGE_LIMITS = {
  maxBytes: PHOTO_LIMITS.maxBytes,
  maxPixels: PHOTO_LIMITS.maxPixels,
  formats: ["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"] as const,
};

/** The size pages show: large enough for a detail page, re-encoded so nothing of the upload survives. */
const OUTPUT = { width: 1600, height: 1200, quality: 80 };

/** An upload as the forms' schemas give it (a File), or bytes already read. */
type Upload = File | Buffer;
const bytesOf = async (upload: Upload) => (Buffer.isBuffer(upload) ? upload : Buffer.from(await upload.arrayBuffer()));

/**
 * Checks that the bytes are a real image (by decoding them, not by name or type),
 * re-encodes it as WebP without metadata (sellers' photos often carry GPS), and stores it.
 * Throws AppError(VALIDATION_FAILED) with a message for `field` when it is not acceptable.
 */
export async function storeImage(storage: Pick<MediaStorage, "put">, upload: Upload, field: string): Promise<string> {
  return storage.put(await reencode(await bytesOf(upload), field), "webp");
}

/**
 * An advert photo: stored like any image, with the perceptual hash of what was stored (the re-encoded
 * picture, so the same photo hashes alike whatever format it came in), for finding it on other adverts.
 */
export async function storePhoto(storage: Pick<MediaStorage, "put">, upload: Upload, field: string) {
  const output = await reencode(await bytesOf(upload), field);
  return { key: await storage.put(output, "webp"), hash: await photoHash(output) };
}

/**
 * A photo only admins may see (a proof photo): checked and re-encoded as any photo, stored in the private area
 * under a random key (never /media/), with its perceptual hash.
 */
export async function storePrivatePhoto(storage: Pick<MediaStorage, "putPrivate">, upload: Upload, field: string) {
  const output = await reencode(await bytesOf(upload), field);
  const key = newPrivateKey("webp");
  await storage.putPrivate(key, output);
  return { key, hash: await photoHash(output) };
}

async function reencode(bytes: Buffer, field: string): Promise<Buffer> {
  const refuse = (message: string) => new AppError("VALIDATION_FAILED", message, { [field]: message });
  if (bytes.length === 0) throw refuse(M.empty);
  if (bytes.length > IMAGE_LIMITS.maxBytes) throw refuse(M.tooLarge);
  const sharp = await loadSharp();
  let output: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: "error" });
    const meta = await image.metadata();
    if (!meta.format || !(IMAGE_LIMITS.formats as readonly string[]).includes(meta.format)) {
      throw refuse(M.notImage);
    }
    output = await image
      .rotate() // apply the camera's orientation before the EXIF block is dropped
      .resize({ width: OUTPUT.width, height: OUTPUT.height, fit: "inside", withoutEnlargement: true })
      .webp({ quality: OUTPUT.quality })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const text = String((error as Error).message);
    if (/pixel limit/i.test(text)) throw refuse(M.tooManyPixels);
    throw refuse(M.notImage);
  }
  return output;
}
