import { PHOTO_MESSAGES, type StagedPhoto } from "../../schemas/advert-photos.ts";

/** A photo on the advert form: being uploaded (no token yet), staged (its id) or the advert's own (its key). */
export type PickedPhoto = { uid: string; name: string; preview: string; token?: string; progress: number };

/** Said when the upload itself failed (the connection, a server error): not the photo's fault. */
export const UPLOAD_FAILED = "The photo could not be uploaded. Check your connection and add it again.";

/**
 * Uploads one photo to the staging endpoint (POST /api/advert-photos). XMLHttpRequest, because fetch reports
 * no upload progress; `onProgress` hears the share sent (0–1). Resolves with the staged photo, or rejects with
 * the words to show: the server's reason (schemas/advert-photos.ts) when it refused the photo.
 */
export function uploadPhoto(file: File, onProgress: (share: number) => void): Promise<StagedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/advert-photos");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const body = xhr.response as (StagedPhoto & { message?: string }) | null;
      if (xhr.status === 201 && body?.id) return resolve(body);
      if (xhr.status === 413) return reject(PHOTO_MESSAGES.tooLarge);
      reject(body?.message ?? UPLOAD_FAILED);
    };
    xhr.onerror = () => reject(UPLOAD_FAILED);
    const form = new FormData();
    form.append("photo", file);
    xhr.send(form);
  });
}
