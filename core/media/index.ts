/** Media: photos and logos, decoded and re-encoded (core/media/images.ts), kept on disk or in S3. */

export { type CopyReport, copyDiskToBucket } from "./copy-to-bucket.ts";
export { IMAGE_LIMITS, storeImage, storePhoto, storePrivatePhoto } from "./images.ts";
export { hammingDistance, hasDetail, hashBands, photoHash } from "./photo-hash.ts";
export { createS3Storage, type S3Storage } from "./s3-storage.ts";
export {
  createDiskStorage,
  MEDIA_URL_PREFIX,
  type MediaStorage,
  mediaUrl,
  newPrivateKey,
  serveMediaFrom,
} from "./storage.ts";
export { defineImageSweep, IMAGE_COLUMNS, SWEEP_UNNAMED_IMAGES, sweepUnnamedImages } from "./sweep-unnamed-images.ts";
