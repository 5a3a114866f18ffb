import sharp from "sharp";

/** A real picture for upload fields. */
export async function pngFile(name = "photo.png", color = "#2a6") {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A script dressed up as a picture. */
export const fakePng = { name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<script>alert(1)</script>") };
