import { type MediaStorage, storeImage } from "../media/index.ts";

/**
 * A dispute's photos go through the advert photos' pipeline (core/media/images.ts): decoded, size-checked,
 * re-encoded without their metadata (phones record where a photo was taken) and stored by content hash.
 * A file that is not a picture is refused under `photos`.
 */
export async function storeDisputePhotos(media: MediaStorage, files: File[]): Promise<string[]> {
  const keys: string[] = [];
  for (const file of files) keys.push(await storeImage(media, Buffer.from(await file.arrayBuffer()), "photos"));
  return keys;
}
