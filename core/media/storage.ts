import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { PHOTO_KEY_PATTERN } from "../../schemas/advert-photos.ts";

/**
 * Where uploaded and generated images live. Keys are content-addressed, so a
 * replaced image gets a new key and every URL can be cached forever.
 */
export interface MediaStorage {
  put(bytes: Buffer, extension: "webp" | "png" | "jpeg"): Promise<string>;
  get(key: string): Promise<Buffer | null>;
}

/** Where this app serves images (server/app.ts), from whichever storage holds them. */
export const MEDIA_URL_PREFIX = "/media/";
let mediaBase = MEDIA_URL_PREFIX;

/**
 * Where pages and API answers point for images: this app's /media/ by default, or — MEDIA_PUBLIC_URL, set
 * once per process by server/services.ts — a CDN or the bucket itself, so images never pass through the app.
 */
export function serveMediaFrom(publicUrl: string | undefined) {
  mediaBase = publicUrl ? publicUrl.replace(/\/*$/, "/") : MEDIA_URL_PREFIX;
}

/** The one place an image's address is made: every page and API answer uses it. */
export const mediaUrl = (key: string) => `${mediaBase}${key}`;

/** What a stored key looks like; anything else is refused before it reaches a disk or a bucket. */
export const KEY_PATTERN = PHOTO_KEY_PATTERN;

export function contentKey(bytes: Buffer, extension: string) {
  const hash = createHash("sha256").update(bytes).digest("hex");
  return `${hash.slice(0, 2)}/${hash.slice(2)}.${extension}`;
}

export function createDiskStorage(root: string): MediaStorage {
  return {
    async put(bytes, extension) {
      const key = contentKey(bytes, extension);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
      return key;
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        return await fs.readFile(path.join(root, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
