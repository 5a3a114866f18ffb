import fs from "node:fs/promises";
import path from "node:path";
import type { S3Storage } from "./s3-storage.ts";
import { contentKey, KEY_PATTERN } from "./storage.ts";

export interface CopyReport {
  /** Images written to the bucket. */
  copied: number;
  /** Images the bucket held already (an earlier run, or uploaded since): left alone. */
  present: number;
  /** Files that are not an image of ours, or whose bytes no longer match their name: not copied. */
  refused: string[];
}

/** Uploads at a time: enough to hide each request's latency, few enough for any bucket's limits. */
const PARALLEL = 8;

/**
 * Copies a disk media store (DATA_DIR/media) into a bucket under the same keys, for `npm run media:migrate`
 * when a marketplace moves to MEDIA_STORAGE=s3. Keys are content hashes, so a key the bucket has is the
 * same image: running it again copies only what is missing, and the app may keep serving meanwhile.
 */
export async function copyDiskToBucket(root: string, bucket: S3Storage): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, refused: [] };
  const keys = (await fs.readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  const copyOne = async (key: string) => {
    const extension = KEY_PATTERN.exec(key)?.[1] as "webp" | "png" | "jpeg" | undefined;
    if (!extension) return report.refused.push(key);
    if (await bucket.has(key)) return report.present++;
    const bytes = await fs.readFile(path.join(root, key));
    // The bucket names an image by its bytes' hash: a file changed on disk would land under another key.
    if (contentKey(bytes, extension) !== key) return report.refused.push(key);
    await bucket.put(bytes, extension);
    report.copied++;
  };
  for (let i = 0; i < keys.length; i += PARALLEL) await Promise.all(keys.slice(i, i + PARALLEL).map(copyOne));
  return report;
}
