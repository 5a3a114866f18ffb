import { z } from "zod";
import { MAX_PHOTOS } from "./values.ts";

/**
 * An advert's photos: the limits and the words for each refusal, said once for the server (core/media checks
 * the bytes, core/catalogue the count and whose a photo is) and the photo picker (which checks a file before
 * sending it, so a seller hears at once, and names the file).
 */
export const PHOTO_LIMITS = {
  maxPhotos: MAX_PHOTOS,
  maxBytes: 8 * 1024 * 1024,
  /** Decompression bombs: a small file that decodes to billions of pixels. */
  maxPixels: 40_000_000,
  /** What a browser's file dialog offers; the server decides by decoding, never by the name or type. */
  accept: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif", "image/heic", "image/heif"],
  /** How long a photo uploaded ahead of its form waits to be used before it is thrown away. */
  stagedHours: 24,
  /** Photos one seller may have waiting at once (several tabs, a form abandoned and started again). */
  maxStaged: 30,
} as const;

export const PHOTO_MESSAGES = {
  /** The spec's words for a missing image, a brand's logo or an advert's photos alike. */
  required: "Brand image is required",
  empty: "The image file is empty.",
  tooLarge: "The image is larger than 8 MB.",
  tooManyPixels: "The image is too large in pixels (at most 40 megapixels).",
  notImage: "This file is not a picture we can use. Upload a JPEG, PNG or WebP image.",
  tooMany: `Add at most ${MAX_PHOTOS} photos`,
  /** A staged photo that expired, was used already, or is someone else's: the same words, nothing told. */
  gone: "A photo you added is no longer available. Add it again.",
  /** A photo named to keep that is not this advert's. */
  notThisAdverts: "That photo is not one of this advert's.",
  tooManyWaiting: "You have too many photos waiting. Post or save the advert first.",
} as const;

/** A refused photo, as the picker and a form's message name it: `“IMG_0412.jpg”: The image is larger than 8 MB.` */
export const refusedPhoto = (fileName: string, reason: string) => `“${fileName}”: ${reason}`;

/** What a stored photo's key looks like (core/media/storage.ts): an advert's photo kept while editing. */
export const PHOTO_KEY_PATTERN = /^[a-f0-9]{2}\/[a-f0-9]{62}\.(webp|png|jpeg)$/;

/**
 * The photos of an advert form, beside the files (`photos`, the form without JavaScript):
 * - `photo`: the advert's photos in the seller's order (the picker), each a staged photo's id (uploaded ahead)
 *   or the key of a photo the advert has; sent with `photoOrder` so that an empty list means "none kept";
 * - `removePhoto`: keys of the advert's photos to remove (the edit form's checkboxes without JavaScript).
 */
const list = z
  .unknown()
  .optional()
  .transform((v) =>
    (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((s): s is string => typeof s === "string"),
  );

export const photoToken = z.union([z.uuid(), z.string().regex(PHOTO_KEY_PATTERN)]);

export const photoChoiceFields = {
  photo: list.pipe(z.array(photoToken, { error: PHOTO_MESSAGES.gone })),
  photoOrder: z
    .enum(["given"])
    .optional()
    .transform((v) => v === "given"),
  removePhoto: list.pipe(z.array(z.string().regex(PHOTO_KEY_PATTERN, PHOTO_MESSAGES.notThisAdverts)).max(MAX_PHOTOS)),
};

/** Whether a token names a staged photo (an id) rather than a photo the advert has (a key). */
export const isStagedId = (token: string) => !PHOTO_KEY_PATTERN.test(token);

/** The staging endpoint's answer: the photo's id for the form, and its address for the thumbnail. */
export const stagedPhotoSchema = z.object({ id: z.uuid(), url: z.string() }).meta({ id: "StagedPhoto" });
export type StagedPhoto = z.infer<typeof stagedPhotoSchema>;

/** The staging endpoint's form: one file, `photo` (its bytes are checked by core/media). */
export const stagedPhotoUploadSchema = z.object({
  photo: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File && v.size > 0, {
      error: PHOTO_MESSAGES.empty,
    })
    .meta({ type: "string", format: "binary", description: "One photo (JPEG, PNG or WebP, 8 MB)" }),
});
