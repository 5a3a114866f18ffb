/**
 * Copies the images of a disk store into the S3-compatible bucket: `npm run media:migrate`, once, when a
 * marketplace that kept images in DATA_DIR/media moves to MEDIA_STORAGE=s3 (more than one process needs
 * it). Reads the same configuration as the server (.env, then the environment): the bucket from the S3_
 * variables, the folder from DATA_DIR (or `--from <folder>`). Safe to run again and while the app
 * serves: keys the bucket holds are skipped.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { copyDiskToBucket, createS3Storage } from "../core/media/index.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { loadEnvFile } from "../server/env-file.ts";

try {
  loadEnvFile();
  const { values } = parseArgs({ options: { from: { type: "string" } } });
  const config = loadConfig();
  if (config.media.kind !== "s3") {
    throw new ConfigError("Set MEDIA_STORAGE=s3 and the S3_ variables (the bucket to copy into) first.");
  }
  const from = path.resolve(values.from ?? path.join(config.dataDir, "media"));
  if (!fs.existsSync(from)) throw new ConfigError(`No media folder at ${from} (give another with --from <folder>).`);
  const started = Date.now();
  const report = await copyDiskToBucket(from, createS3Storage(config.media));
  console.log(
    `Copied ${report.copied} images from ${from} to bucket ${config.media.bucket}; ${report.present} were there already; ` +
      `${report.refused.length} refused (${Date.now() - started} ms).`,
  );
  // Listed, not fatal: a stray file in the folder should not stop a deploy.
  for (const file of report.refused) console.log(`  refused: ${file} (not an image key, or its bytes do not match it)`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
