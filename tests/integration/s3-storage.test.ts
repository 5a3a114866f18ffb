import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../../core/media/index.ts";
import { createUser } from "../../seed/factories.ts";
import { startFakeS3 } from "../support/fake-s3.ts";
import { client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { startTestApp } from "../support/test-app.ts";

const credentials = { accessKeyId: "AKIATEST", secretAccessKey: "s3cr3t-s3cr3t", region: "eu-central-1" };
let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3(credentials);
});
afterAll(() => s3?.close());

describe("S3-compatible media storage", () => {
  it("stores under the content hash in the bucket and reads it back", async () => {
    const storage = createS3Storage({ endpoint: s3.endpoint, bucket: "relaptop", ...credentials });
    const bytes = await pngBytes();
    const key = await storage.put(bytes, "png");
    expect(key).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{62}\.png$/);
    expect(s3.objects.get(`/relaptop/${key}`)?.type).toBe("image/png");
    expect(await storage.get(key)).toEqual(bytes);
    expect(await storage.get(`${key.slice(0, 3)}${"0".repeat(61)}.png`)).toBeNull();
    expect(await storage.get("../../etc/passwd")).toBeNull();
  });

  it("fails loudly when the bucket refuses the credentials", async () => {
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      bucket: "relaptop",
      ...credentials,
      secretAccessKey: "wrong",
    });
    await expect(storage.put(await pngBytes(), "png")).rejects.toThrow(/S3 PUT .* failed: 403/);
  });

  it("serves the app's uploads from the bucket when MEDIA_STORAGE=s3", async () => {
    const t = await startTestApp(
      {
        MEDIA_STORAGE: "s3",
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: "shared",
        S3_REGION: credentials.region,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      },
      { media: undefined },
    );
    try {
      await createUser(t.services, { name: "Ada", email: "admin@x.test", role: "admin" });
      const admin = client(t);
      await admin.signIn("admin@x.test");
      const body = multipart({ name: "Bucketed" }, { image: { name: "b.png", data: await pngBytes() } });
      expect((await admin.raw("POST", "/api/brands", body.payload, body.headers)).statusCode).toBe(201);
      const brand = (await client(t).get("/api/brands")).json().brands[0];
      expect([...s3.objects.keys()].some((k) => k.startsWith("/shared/"))).toBe(true);
      const image = await client(t).get(brand.imageUrl);
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
    } finally {
      await t.close();
    }
  });
});
