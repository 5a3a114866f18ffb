import http from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";

/**
 * A local stand-in for an S3 bucket (path-style), for tests only: it checks each request's
 * SigV4 signature by signing it again with the secret it knows, and keeps objects in memory. It lists a
 * bucket as ListObjectsV2 does, `pageSize` keys a page (s3rver cannot: its continuation tokens use DES,
 * which Node 24's OpenSSL no longer has).
 */
export async function startFakeS3({
  accessKeyId,
  secretAccessKey,
  region,
  pageSize = 1000,
}: {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  pageSize?: number;
}) {
  const objects = new Map<string, { body: Buffer; type: string; writtenAt: Date }>();
  /** What it answers for Last-Modified instead of the truth ("": no such header), when a test says so. */
  let saysLastModified: string | undefined;
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
    const { pathname: key, searchParams } = new URL(url);
    const object = objects.get(key);
    if (req.method === "PUT") {
      objects.set(key, { body, type: String(req.headers["content-type"]), writtenAt: new Date() });
      res.writeHead(200).end();
    } else if (searchParams.get("list-type") === "2") {
      res
        .writeHead(200, { "content-type": "application/xml" })
        .end(listing(key, searchParams.get("continuation-token")));
    } else if (!object) {
      res.writeHead(404).end(req.method === "HEAD" ? undefined : "<Error><Code>NoSuchKey</Code></Error>");
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      const lastModified = saysLastModified ?? object.writtenAt.toUTCString();
      const headers = { "content-type": object.type, ...(lastModified && { "last-modified": lastModified }) };
      res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : object.body);
    }
  });
  /** A page of the bucket's keys after the token's (the last key of the page before). */
  function listing(bucket: string, token: string | null) {
    const after = token ? Buffer.from(token, "base64url").toString() : "";
    const keys = [...objects.keys()]
      .filter((path) => path.startsWith(`${bucket}/`))
      .map((path) => path.slice(bucket.length + 1))
      .filter((key) => key > after)
      .sort();
    const page = keys.slice(0, pageSize);
    const truncated = keys.length > pageSize;
    const contents = page.map((key) => {
      const writtenAt = objects.get(`${bucket}/${key}`)?.writtenAt.toISOString();
      return `<Contents><Key>${key}</Key><LastModified>${writtenAt}</LastModified></Contents>`;
    });
    const next = truncated
      ? `<NextContinuationToken>${Buffer.from(page.at(-1) ?? "").toString("base64url")}</NextContinuationToken>`
      : "";
    return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>${truncated}</IsTruncated>${contents.join("")}${next}</ListBucketResult>`;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    lastModified: (header: string) => {
      saysLastModified = header;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
