import { crc32, deflateSync } from "node:zlib";
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

/** A valid black PNG of that size, one bit a pixel: its rows of zeros deflate to almost nothing. */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale, deflate, adaptive filters, no interlace
  // Each row: its filter byte (none) and the row's bits, all zero.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
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
    // A few kilobytes of PNG that decode to 100 megapixels: written here, not encoded by sharp (seconds of a core,
    // which on a busy machine ran past the test's time).
    const bomb = blackPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await sharp(bomb).metadata()).width).toBe(10_000);
    expect(await refusal(bomb)).toMatch(/too large in pixels/);
  });

  it("refuses an empty file", async () => {
    expect(await refusal(Buffer.alloc(0))).toMatch(/empty/);
  });
});
