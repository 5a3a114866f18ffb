import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's built-in account: the only credentials it accepts. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1" };

/**
 * A real S3-compatible server (s3rver: the S3 REST API over a folder) on loopback, with these buckets.
 * Like a public bucket, it answers unsigned GETs: what a CDN in front of a bucket would serve.
 * It checks the access key but not SigV4 signatures: tests/support/fake-s3.ts does that.
 */
export async function startS3Server(buckets: string[]) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
