import http from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";

/**
 * A local stand-in for an S3 bucket (path-style), for tests only: it checks each request's
 * SigV4 signature by signing it again with the secret it knows, and keeps objects in memory.
 */
export async function startFakeS3({
  accessKeyId,
  secretAccessKey,
  region,
}: {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = `http://${req.headers.host}${req.url}`;
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([k]) => k.startsWith("x-amz-") || k === "content-type" || k === "cache-control",
      ),
    ) as Record<string, string>;
    const date = headers["x-amz-date"] as string;
    const signer = new AwsV4Signer({
      method: req.method,
      url,
      headers,
      body: req.method === "PUT" ? new Uint8Array(body) : undefined,
      accessKeyId,
      secretAccessKey,
      region,
      service: "s3",
      datetime: date,
    });
    const expected = (await signer.sign()).headers.get("authorization");
    if (!expected || req.headers.authorization !== expected) {
      res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const key = new URL(url).pathname;
    if (req.method === "PUT") {
      objects.set(key, { body, type: String(req.headers["content-type"]) });
      res.writeHead(200).end();
    } else {
      const object = objects.get(key);
      if (!object) res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
      else res.writeHead(200, { "content-type": object.type }).end(object.body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
