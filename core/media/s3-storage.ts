import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";
import { XMLParser } from "fast-xml-parser";
import { checkImageKey, checkPrivateKey, contentKey, KEY_PATTERN, type MediaStorage } from "./storage.ts";

export interface S3Options {
  /** e.g. https://s3.eu-central-1.amazonaws.com, or a MinIO/R2 endpoint. Path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const TYPES = { webp: "image/webp", png: "image/png", jpeg: "image/jpeg" } as const;

export interface S3Storage extends MediaStorage {
  /** Whether the bucket holds this key already (a HEAD request: nothing is downloaded). */
  has(key: string): Promise<boolean>;
}

/**
 * Media in an S3-compatible bucket, so several app servers share one set of images.
 * Keys are content hashes, as on disk: writing the same image twice is harmless.
 */
export function createS3Storage(options: S3Options): S3Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: "s3",
  });
  const url = (key: string) => `${options.endpoint.replace(/\/$/, "")}/${options.bucket}/${key}`;

  return {
    async put(bytes, extension) {
      const key = contentKey(bytes, extension);
      const res = await client.fetch(url(key), {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { "content-type": TYPES[extension], "cache-control": "public, max-age=31536000, immutable" },
      });
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
      return key;
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      const res = await client.fetch(url(key));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async putPrivate(key, from) {
      checkPrivateKey(key);
      const size = Buffer.isBuffer(from) ? from.length : (await stat(from)).size;
      // A file is streamed (the payload unsigned, as S3 allows over TLS), its length said up front.
      const res = await client.fetch(url(key), {
        method: "PUT",
        body: Buffer.isBuffer(from) ? new Uint8Array(from) : (Readable.toWeb(createReadStream(from)) as ReadableStream),
        headers: {
          "content-type": key.endsWith(".webp") ? "image/webp" : "application/zip",
          "content-length": String(size),
          "cache-control": "private, no-store",
        },
      });
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
    },
    async openPrivate(key) {
      checkPrivateKey(key);
      const res = await client.fetch(url(key));
      if (res.status === 404) return null;
      if (!res.ok || !res.body) throw new Error(`S3 GET ${key} failed: ${res.status}`);
      return {
        stream: Readable.fromWeb(res.body as WebReadableStream),
        size: Number(res.headers.get("content-length")),
      };
    },
    async removePrivate(key) {
      checkPrivateKey(key);
      const res = await client.fetch(url(key), { method: "DELETE" });
      // S3 answers 204 whether or not the key existed.
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
    },
    async *listImages() {
      let token: string | undefined;
      do {
        const page = new URL(url("").replace(/\/$/, ""));
        page.searchParams.set("list-type", "2");
        if (token) page.searchParams.set("continuation-token", token);
        const res = await client.fetch(page);
        if (!res.ok) throw new Error(`S3 LIST failed: ${res.status} ${await res.text()}`);
        const listed = readListing(await res.text());
        for (const key of listed.keys) if (KEY_PATTERN.test(key)) yield key;
        token = listed.next;
      } while (token);
    },
    async removeImage(key, writtenBefore) {
      checkImageKey(key);
      const head = await client.fetch(url(key), { method: "HEAD" });
      if (head.status === 404) return false;
      if (!head.ok) throw new Error(`S3 HEAD ${key} failed: ${head.status}`);
      // Put again since (the same bytes, uploaded anew): someone is using it. No date, or one it cannot read: kept.
      // A put between this answer and the DELETE is lost — S3 has no delete-unless-modified — a round trip's
      // window for a picture unnamed for days uploaded again at that moment (it would show until added again).
      const written = new Date(head.headers.get("last-modified") ?? Number.NaN);
      if (Number.isNaN(written.getTime()) || written >= writtenBefore) return false;
      const res = await client.fetch(url(key), { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
      return true;
    },
    async has(key) {
      const res = await client.fetch(url(key), { method: "HEAD" });
      if (res.status === 404) return false;
      if (!res.ok) throw new Error(`S3 HEAD ${key} failed: ${res.status}`);
      return true;
    },
  };
}

/** Every value a string (a key of digits stays a key); `Contents` a list even when it holds one object. */
const listingParser = new XMLParser({ parseTagValue: false, isArray: (name) => name === "Contents" });

/** A page of ListObjectsV2's answer: its keys, and the token for the next page when there is one. */
function readListing(xml: string): { keys: string[]; next?: string } {
  const result = listingParser.parse(xml)?.ListBucketResult ?? {};
  const contents = (result.Contents ?? []) as { Key: string }[];
  return {
    keys: contents.map((object) => String(object.Key)),
    next: result.IsTruncated === "true" ? result.NextContinuationToken : undefined,
  };
}
