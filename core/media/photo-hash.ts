import { loadSharp } from "./load-sharp.ts";

/**
 * A perceptual hash of a picture (dHash, 64 bits): the picture shrunk to 9×8 grey pixels, one bit per
 * pair of neighbours in a row (is the left one brighter?). Re-encoding, resizing or a little
 * compression keep it within a few bits, so the same photo posted twice is found; different photos
 * differ in about half the bits. Signed, as PostgreSQL's bigint stores it.
 */
export async function photoHash(image: Buffer): Promise<bigint> {
  const sharp = await loadSharp();
  const pixels = await sharp(image).greyscale().resize(9, 8, { fit: "fill" }).raw().toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const left = pixels[y * 9 + x] as number;
      const right = pixels[y * 9 + x + 1] as number;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (diff) {
    bits += Number(diff & 1n);
    diff >>= 1n;
  }
  return bits;
}

/** The hash's four 16-bit bands, lowest first (the indexed columns of advert_photo_hashes). */
export const hashBands = (hash: bigint): [number, number, number, number] => {
  const u = BigInt.asUintN(64, hash);
  return [0n, 16n, 32n, 48n].map((shift) => Number((u >> shift) & 0xffffn)) as [number, number, number, number];
};

/**
 * A picture with almost no detail (one colour, a smooth gradient) hashes to nearly all zeros or ones:
 * every such picture would look "the same", so it says nothing about who took it.
 */
export const hasDetail = (hash: bigint) => {
  const ones = hammingDistance(hash, 0n);
  return ones >= 6 && ones <= 58;
};
