/** Media: photos and logos, decoded and re-encoded (core/media/images.ts), kept on disk or in S3. */
export { IMAGE_LIMITS, storeImage } from "./images.ts";
export { createS3Storage } from "./s3-storage.ts";
export { createDiskStorage, MEDIA_URL_PREFIX, type MediaStorage, mediaUrl } from "./storage.ts";
