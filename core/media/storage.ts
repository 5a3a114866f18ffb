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
  /** Every image's key (never the private area's), for the sweep of images no row names (sweep-unnamed-images.ts). */
  listImages(): AsyncIterable<string>;
  /**
   * Deletes an image unless it was written at or after `writtenBefore` — `put` writes it again even when the
   * same bytes are there, so a picture uploaded anew since it was found unnamed stays — or when the store cannot
   * say when it was written. True when it went; gone already is no error.
   */
  removeImage(key: string, writtenBefore: Date): Promise<boolean>;
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
      // Written beside it, then renamed over it (atomic): a page reading the same picture while someone uploads it
      // again gets it whole, never a file cut short (served as immutable, it would stay cut short). The rename
      // keeps the fresh write time the sweep of unnamed images reads.
      const writing = `${file}.${randomBytes(6).toString("hex")}${UPLOADING}`;
      try {
        await fs.writeFile(writing, bytes);
        await fs.rename(writing, file);
      } catch (error) {
        await fs.rm(writing, { force: true });
        throw error;
      }
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
        const names = await namesIn(path.join(root, folder));
        await tidyLeftovers(path.join(root, folder), names);
        for (const name of names.sort()) {
          const key = `${folder}/${name}`;
          if (KEY_PATTERN.test(key)) yield key;
        }
      }
    },
    async removeImage(key, writtenBefore) {
      checkImageKey(key);
      const file = path.join(root, key);
      const written = await modifiedAt(file);
      if (!written || written >= writtenBefore) return false;
      // Moved aside before it is deleted (a rename is atomic): a `put` from then on writes a new file, which stays;
      // one between the look above and the move is seen on the file moved, which goes back.
      const aside = `${file}.${randomBytes(6).toString("hex")}${ASIDE}`;
      if (!(await renameIfThere(file, aside))) return false;
      const movedWritten = await modifiedAt(aside);
      // Gone from aside: another run's listing put it back (tidyLeftovers), so it stays.
      if (!movedWritten) return false;
      if (movedWritten >= writtenBefore) {
        await renameIfThere(aside, file);
        return false;
      }
      await fs.rm(aside, { force: true });
      return true;
    },
  };
}

/** The end of a file's name while the sweep deletes it, and while an upload writes it. */
const ASIDE = ".sweeping";
const UPLOADING = ".uploading";
/** An upload's file older than this was left by a process that stopped while writing it. */
const ABANDONED_UPLOAD_MS = 60 * 60 * 1000;

/**
 * What stopped processes left in a folder: files a sweep moved aside and did not finish with — back under their
 * name when nothing has taken it since (a later run decides again), else gone (the name holds the same bytes) —
 * and uploads never finished. Another run may be handling the same file: one that is gone meanwhile is no error.
 */
async function tidyLeftovers(folder: string, names: string[]) {
  for (const name of names.filter((n) => n.endsWith(ASIDE))) {
    const original = name.slice(0, -ASIDE.length).replace(/\.[a-f0-9]{12}$/, "");
    const from = path.join(folder, name);
    if (names.includes(original)) await fs.rm(from, { force: true });
    else if (await renameIfThere(from, path.join(folder, original))) names.push(original);
  }
  for (const name of names.filter((n) => n.endsWith(UPLOADING))) {
    const written = await modifiedAt(path.join(folder, name));
    if (written && Date.now() - written.getTime() > ABANDONED_UPLOAD_MS)
      await fs.rm(path.join(folder, name), { force: true });
  }
}

/** Renames a file unless another process moved it first; whether it did. */
async function renameIfThere(from: string, to: string): Promise<boolean> {
  try {
    await fs.rename(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
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
