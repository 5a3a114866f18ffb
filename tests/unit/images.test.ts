import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isAppError } from "../../core/errors.ts";
import { storeImage } from "../../core/media/images.ts";
import type { MediaStorage } from "../../core/media/storage.ts";

function memoryStorage() {
  const files = new Map<string, Buffer>();
  const storage: Pick<MediaStorage, "put" | "get"> = {
    async put(bytes, ext) {
      const key = `${files.size.toString(16).padStart(2, "0")}/${"a".repeat(62)}.${ext}`;
      files.set(key, bytes);
      return key;
    },
    async get(key) {
      return files.get(key) ?? null;
    },
  };
  return { storage, files };
}

async function refusal(bytes: Buffer) {
  const { storage, files } = memoryStorage();
  try {
    await storeImage(storage, bytes, "image");
  } catch (error) {
    expect(files.size).toBe(0);
    if (isAppError(error)) return error.fields?.image;
    throw error;
  }
  throw new Error("accepted");
}

const jpegWithGps = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366cc" } })
    .withExif({ IFD0: { Make: "PhoneCam", Model: "X1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "23/1 48/1 0/1" } })
    .jpeg()
    .toBuffer();

describe("image pipeline", () => {
  it("re-encodes a real photo as WebP with its metadata (GPS included) stripped", async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const { storage, files } = memoryStorage();
    const key = await storeImage(storage, input, "image");
    const stored = files.get(key) as Buffer;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(800);
  });

  it("shrinks very large photos to the size pages use", async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const { storage, files } = memoryStorage();
    const meta = await sharp(files.get(await storeImage(storage, big, "image")) as Buffer).metadata();
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(1200);
  });

  it("refuses a script renamed .png", async () => {
    expect(await refusal(Buffer.from("<script>alert(1)</script>"))).toMatch(/not a picture/);
  });

  it("refuses a truncated file", async () => {
    const full = await jpegWithGps();
    expect(await refusal(full.subarray(0, Math.floor(full.length / 3)))).toMatch(/not a picture/);
  });

  it("refuses a decompression bomb", async () => {
    // A few kilobytes of PNG that decode to 100 megapixels.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9, palette: true, colours: 2 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(bomb)).toMatch(/too large in pixels/);
  });

  it("refuses an empty file", async () => {
    expect(await refusal(Buffer.alloc(0))).toMatch(/empty/);
  });
});
