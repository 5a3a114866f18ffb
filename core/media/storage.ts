import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { PHOTO_KEY_PATTERN } from "../../schemas/advert-photos.ts";

/**
 * Where uploaded and generated images live. Keys are content-addressed, so a
 * replaced image gets a new key and every URL can be cached forever.
 */
export interface MediaStorage {
  put(bytes: Buffer, extension: "webp" | "png" | "jpeg"): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /**
   * Private files (a person's data export, a proof photo), beside the images but never served as media: `get`
   * and /media/ refuse their keys (PRIVATE_KEY_PATTERN). Stored from a file on this machine's disk or from
   * bytes, read as a stream.
   */
  putPrivate(key: string, from: string | Buffer): Promise<void>;
  openPrivate(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Deleting a key that is gone already is no error (a retried sweep). */
  removePrivate(key: string): Promise<void>;
  /**
   * Every image stored (never the private area), each with when it was last written — `put` writes it again
   * even when the same bytes are there — for the sweep of images no row names (sweep-unreferenced.ts).
   */
  listImages(): AsyncIterable<StoredImage>;
  /**
   * Deletes an image unless it was written at or after `writtenBefore` (put again since it was listed: someone
   * is using it). True when it went; gone already is no error.
   */
  removeImage(key: string, writtenBefore: Date): Promise<boolean>;
}

export interface StoredImage {
  key: string;
  writtenAt: Date;
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

/** A private file's key: 256 random bits, so it cannot be guessed even where the bucket itself is public. */
export const PRIVATE_KEY_PATTERN = /^private\/[a-f0-9]{64}\.(zip|webp)$/;

export const newPrivateKey = (extension: "zip" | "webp" = "zip") =>
  `private/${randomBytes(32).toString("hex")}.${extension}`;

/** Refuses a key that is not an image's before a deletion reaches a disk or a bucket. */
export function checkImageKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error(`not an image's key: ${key}`);
}

/** Refuses a key that is not a private file's before it reaches a disk or a bucket. */
export function checkPrivateKey(key: string) {
  if (!PRIVATE_KEY_PATTERN.test(key)) throw new Error(`not a private file's key: ${key}`);
}

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
    async putPrivate(key, from) {
      checkPrivateKey(key);
      const target = path.join(root, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await (Buffer.isBuffer(from) ? fs.writeFile(target, from) : fs.copyFile(from, target));
    },
    async openPrivate(key) {
      checkPrivateKey(key);
      const file = path.join(root, key);
      try {
        const { size } = await fs.stat(file);
        return { stream: createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async removePrivate(key) {
      checkPrivateKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
    async *listImages() {
      // Images sit in a folder per first two hex digits of their hash (contentKey); the private area beside them.
      for (const folder of (await namesIn(root)).filter((name) => /^[a-f0-9]{2}$/.test(name)).sort()) {
        for (const name of (await namesIn(path.join(root, folder))).sort()) {
          const key = `${folder}/${name}`;
          if (!KEY_PATTERN.test(key)) continue;
          const writtenAt = await modifiedAt(path.join(root, key));
          if (writtenAt) yield { key, writtenAt };
        }
      }
    },
    async removeImage(key, writtenBefore) {
      checkImageKey(key);
      const file = path.join(root, key);
      // Moved aside before it is looked at (a rename is atomic): a `put` from then on writes a new file, which stays.
      const aside = `${file}.${randomBytes(6).toString("hex")}.sweeping`;
      try {
        await fs.rename(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
      }
      if ((await fs.stat(aside)).mtime >= writtenBefore) {
        // Stored again before it was moved: back it goes (its name is its bytes, so it is what any put since wrote).
        await fs.rename(aside, file);
        return false;
      }
      await fs.rm(aside, { force: true });
      return true;
    },
  };
}

/** A folder's entries; none when it is not there (nothing stored yet). */
async function namesIn(folder: string): Promise<string[]> {
  try {
    return await fs.readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** When a file was last written; null when it is gone (deleted since it was listed). */
async function modifiedAt(file: string): Promise<Date | null> {
  try {
    return (await fs.stat(file)).mtime;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
