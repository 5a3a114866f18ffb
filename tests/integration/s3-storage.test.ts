import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage, createS3Storage } from "../../core/media/index.ts";
import { dataExports } from "../../db/schema/index.ts";
import { createUser } from "../../seed/factories.ts";
import { startFakeS3 } from "../support/fake-s3.ts";
import { client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { closePageBuild, loadPageBuild } from "../support/page-build.ts";
import { signedInClient } from "../support/people.ts";
import { S3RVER_CREDENTIALS, startS3Server } from "../support/s3-server.ts";
import { startTestApp } from "../support/test-app.ts";

let s3: Awaited<ReturnType<typeof startS3Server>>;
let pages: Awaited<ReturnType<typeof loadPageBuild>>;
beforeAll(async () => {
  s3 = await startS3Server(["relaptop", "shared", "moved", "swept"]);
  pages = await loadPageBuild();
});
afterAll(async () => {
  await s3?.close();
  await closePageBuild();
});

const bucketEnv = (bucket: string) => ({
  MEDIA_STORAGE: "s3",
  S3_ENDPOINT: s3.endpoint,
  S3_BUCKET: bucket,
  S3_REGION: S3RVER_CREDENTIALS.region,
  S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
});

/** An admin of this app adds a brand with a logo; the brand as visitors' API lists it. */
async function addBrand(t: Awaited<ReturnType<typeof startTestApp>>) {
  await createUser(t, { name: "Ada", email: "admin@x.test", role: "admin" });
  const admin = await signedInClient(t, "admin@x.test");
  const body = multipart({ name: "Bucketed" }, { image: { name: "b.png", data: await pngBytes() } });
  expect((await admin.raw("POST", "/api/brands", body.payload, body.headers)).statusCode).toBe(201);
  return (await client(t).get("/api/brands")).json().brands[0] as { imageUrl: string };
}

describe("media in an S3-compatible bucket (s3rver)", () => {
  it("stores under the content hash with its type and a year's caching, and reads it back", async () => {
    const storage = createS3Storage({ endpoint: s3.endpoint, bucket: "relaptop", ...S3RVER_CREDENTIALS });
    const bytes = await pngBytes();
    const key = await storage.put(bytes, "png");
    expect(key).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{62}\.png$/);
    const object = await fetch(`${s3.endpoint}/relaptop/${key}`);
    expect(object.headers.get("content-type")).toBe("image/png");
    expect(object.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await storage.get(key)).toEqual(bytes);
    expect(await storage.has(key)).toBe(true);
    const missing = `${key.slice(0, 3)}${"0".repeat(61)}.png`;
    expect(await storage.get(missing)).toBeNull();
    expect(await storage.has(missing)).toBe(false);
    expect(await storage.get("../../etc/passwd")).toBeNull();
  });

  it("lists its images, never the private area, and deletes one nobody stored again since", async () => {
    const storage = createS3Storage({ endpoint: s3.endpoint, bucket: "swept", ...S3RVER_CREDENTIALS });
    const keys = new Set([
      await storage.put(await pngBytes("#111"), "png"),
      await storage.put(await pngBytes("#222"), "png"),
    ]);
    await storage.putPrivate(`private/${"cd".repeat(32)}.zip`, Buffer.from("an export"));
    const listed = [];
    for await (const key of storage.listImages()) listed.push(key);
    expect(new Set(listed)).toEqual(keys);
    const [first] = listed;
    if (!first) throw new Error("nothing listed");

    // Found unnamed before it was written last (stored again since): kept; after: deleted.
    expect(await storage.removeImage(first, new Date(Date.now() - 60_000))).toBe(false);
    expect(await storage.has(first)).toBe(true);
    expect(await storage.removeImage(first, new Date(Date.now() + 60_000))).toBe(true);
    expect(await storage.has(first)).toBe(false);
    expect(await storage.removeImage(first, new Date(Date.now() + 60_000))).toBe(false);
  });

  it("follows ListObjectsV2's continuation token to the last page, each request signed", async () => {
    const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "s3cr3t", region: "eu-central-1" };
    const fake = await startFakeS3({ ...credentials, pageSize: 2 });
    try {
      const storage = createS3Storage({ endpoint: fake.endpoint, bucket: "paged", ...credentials });
      const keys = new Set<string>();
      for (const colour of ["#a00", "#0a0", "#00a", "#aa0", "#0aa"])
        keys.add(await storage.put(await pngBytes(colour), "png"));
      const listed = [];
      for await (const key of storage.listImages()) listed.push(key);
      expect(listed).toEqual([...keys].sort());
      // A bucket that does not say when an object was written, or says it unreadably: the image is kept.
      const [first] = listed as [string];
      fake.lastModified("");
      expect(await storage.removeImage(first, new Date(Date.now() + 60_000))).toBe(false);
      fake.lastModified("yesterday, roughly");
      expect(await storage.removeImage(first, new Date(Date.now() + 60_000))).toBe(false);
      expect(await storage.has(first)).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it("fails loudly when the bucket does not know the access key", async () => {
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      bucket: "relaptop",
      ...S3RVER_CREDENTIALS,
      accessKeyId: "AKIAUNKNOWN",
    });
    await expect(storage.put(await pngBytes(), "png")).rejects.toThrow(/S3 PUT .* failed: 403/);
  });

  it("signs with the secret key: a wrong one is refused (SigV4 checked by tests/support/fake-s3.ts)", async () => {
    // s3rver does not check SigV4 signatures; the fake recomputes each one with the secret it knows.
    const credentials = { accessKeyId: "AKIATEST", secretAccessKey: "s3cr3t-s3cr3t", region: "eu-central-1" };
    const fake = await startFakeS3(credentials);
    try {
      const right = createS3Storage({ endpoint: fake.endpoint, bucket: "b", ...credentials });
      expect(await right.has(await right.put(await pngBytes(), "png"))).toBe(true);
      const wrong = createS3Storage({ endpoint: fake.endpoint, bucket: "b", ...credentials, secretAccessKey: "x" });
      await expect(wrong.put(await pngBytes(), "png")).rejects.toThrow(/S3 PUT .* failed: 403/);
    } finally {
      await fake.close();
    }
  });

  it("keeps uploads in the bucket; with MEDIA_PUBLIC_URL pages and answers point straight at it (or a CDN)", async () => {
    const publicBase = `${s3.endpoint}/shared`;
    const t = await startTestApp(
      { ...bucketEnv("shared"), MEDIA_PUBLIC_URL: publicBase },
      { media: undefined },
      { pages },
    );
    try {
      const brand = await addBrand(t);
      expect(brand.imageUrl.startsWith(`${publicBase}/`)).toBe(true);
      const image = await fetch(brand.imageUrl);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
      // The app still serves the bucket's images at /media/ (addresses given out before the switch).
      const throughApp = await client(t).get(`/media/${brand.imageUrl.slice(publicBase.length + 1)}`);
      expect(throughApp.statusCode).toBe(200);
      expect(throughApp.rawPayload).toEqual(Buffer.from(await image.arrayBuffer()));
      const home = await client(t).get("/");
      expect(home.body).toContain(`src="${brand.imageUrl}"`);
      expect(home.body).not.toContain('src="/media/');
      // The page's CSP lets the browser load images from there.
      expect(String(home.headers["content-security-policy"])).toMatch(/img-src [^;]*http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      await t.close();
    }
  }, 60_000);

  it("keeps a person's data export in the bucket's private area: prepared there, downloaded through the app only, deleted", async () => {
    const t = await startTestApp(bucketEnv("shared"), { media: undefined });
    try {
      await t.services.jobs.start();
      await createUser(t, { name: "Ezra", email: "ezra@x.test" });
      const ezra = await signedInClient(t, "ezra@x.test");
      expect((await ezra.post("/api/account/export")).statusCode).toBe(201);
      expect(await t.services.privacy.prepareExportsNow()).toBe(1);
      const ready = (await ezra.get("/api/account/export")).json().export;
      const zip = await ezra.get(ready.downloadUrl);
      expect(zip.statusCode).toBe(200);
      expect(new TextDecoder().decode(unzipSync(new Uint8Array(zip.rawPayload))["account.json"])).toContain(
        "ezra@x.test",
      );
      const [row] = await t.db.select().from(dataExports);
      const key = row?.storageKey as string;
      expect(key).toMatch(/^private\/[a-f0-9]{64}\.zip$/);
      const object = await fetch(`${s3.endpoint}/shared/${key}`);
      expect(object.headers.get("content-type")).toBe("application/zip");
      expect(object.headers.get("cache-control")).toBe("private, no-store");
      // Never an image: /media/ and the storage's get refuse its key.
      expect((await client(t).get(`/media/${key}`)).statusCode).toBe(404);
      expect(await t.services.media.get(key)).toBeNull();
      await t.db.update(dataExports).set({ expiresAt: new Date(Date.now() - 1000) });
      expect((await t.services.privacy.applyRetention()).exports).toBe(1);
      expect((await fetch(`${s3.endpoint}/shared/${key}`)).status).toBe(404);
    } finally {
      await t.close();
    }
  }, 60_000);

  it("npm run media:migrate copies a disk store into the bucket once, and says what it did", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-migrate-"));
    const disk = createDiskStorage(path.join(dataDir, "media"));
    const logo = await disk.put(await pngBytes(), "png");
    const photo = await disk.put(Buffer.from(await pngBytes()).reverse(), "png");
    fs.writeFileSync(path.join(dataDir, "media", "notes.txt"), "not an image");
    const run = () =>
      promisify(execFile)(process.execPath, ["scripts/media-migrate.ts"], {
        env: { ...process.env, ...bucketEnv("moved"), NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: "" },
      });
    try {
      const first = await run();
      expect(first.stdout).toMatch(/Copied 2 images from .* to bucket moved; 0 were there already; 1 refused/);
      expect(first.stdout).toContain("refused: notes.txt");
      const bucket = createS3Storage({ endpoint: s3.endpoint, bucket: "moved", ...S3RVER_CREDENTIALS });
      expect(await bucket.get(logo)).toEqual(await disk.get(logo));
      expect(await bucket.has(photo)).toBe(true);
      const again = await run();
      expect(again.stdout).toMatch(/Copied 0 images .*; 2 were there already; 1 refused/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
