import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { offSiteMentions } from "../../core/catalogue/off-site-text.ts";
import { verdictOf } from "../../core/catalogue/review-signals.ts";
import { storePhoto } from "../../core/media/images.ts";
import { hammingDistance, hasDetail, hashBands, photoHash } from "../../core/media/photo-hash.ts";
import { distinctPhoto } from "../../seed/demo-images.ts";

describe("photo hashes", () => {
  it("counts the bits two hashes differ in, signed or not", () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance(-1n, 0n)).toBe(64);
    expect(hammingDistance(BigInt.asIntN(64, 1n << 63n), 0n)).toBe(1);
  });

  it("splits a hash into four 16-bit bands, so hashes 3 bits apart always share one", () => {
    expect(hashBands(BigInt.asIntN(64, 0xabcd_1234_5678_9abcn))).toEqual([0x9abc, 0x5678, 0x1234, 0xabcd]);
    const a = 0x0f0f_f0f0_1234_4321n;
    const b = a ^ (1n << 3n) ^ (1n << 20n) ^ (1n << 40n);
    const shared = hashBands(a).filter((band, i) => band === hashBands(b)[i]);
    expect(shared.length).toBeGreaterThanOrEqual(1);
  });

  it("finds the same photo uploaded again as a smaller JPEG, and tells different photos apart", async () => {
    // As the product hashes them: what storePhoto keeps (the re-encoded picture).
    const storage = { put: async () => "key", get: async () => null };
    const hashOf = async (bytes: Buffer) => (await storePhoto(storage, bytes, "photos")).hash;
    const photo = await distinctPhoto("A", 11);
    const copy = await sharp(photo).resize(320).jpeg({ quality: 60 }).toBuffer();
    const h = await hashOf(photo);
    expect(hammingDistance(h, await hashOf(copy))).toBeLessThanOrEqual(3);
    expect(hammingDistance(h, await hashOf(await distinctPhoto("B", 12)))).toBeGreaterThan(10);
    expect(hasDetail(h)).toBe(true);
  });

  it("ignores pictures with no detail (one colour): they would all look alike", async () => {
    const flat = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a6" } })
      .png()
      .toBuffer();
    expect(hasDetail(await photoHash(flat))).toBe(false);
  });
});

describe("off-site payment and contact text", () => {
  it.each([
    ["Payment by iTunes gift card only", "gift cards"],
    ["I accept Steam cards", "gift cards"],
    ["Wire transfer before shipping", "a wire transfer"],
    ["send the money by bank transfer", "a wire transfer"],
    ["Western Union accepted", "Western Union or MoneyGram"],
    ["moneygram ok", "Western Union or MoneyGram"],
    ["Email me at seller.bob@gmail.com", "an email address"],
    ["bob (at) gmail (dot) com", "an email address"],
    ["Please e-mail me on my address", "“email me”"],
    ["WhatsApp +44 7700 900123", "WhatsApp, Telegram or Signal"],
    ["msg me on whats app", "WhatsApp, Telegram or Signal"],
    ["reach me on Telegram", "WhatsApp, Telegram or Signal"],
    ["Pay in Bitcoin or USDT", "crypto"],
    ["pay me directly and save the fee", "paying outside the site"],
    ["PayPal friends & family only", "PayPal friends and family"],
  ])("%s → %s", (text, label) => {
    expect(offSiteMentions(text)).toContain(label);
  });

  it.each([
    "ThinkPad T14, 16 GB RAM, 512 GB SSD, with its charger.",
    "Battery health 92%. Signal strength of the Wi-Fi card is great.",
    "Comes with a gift box and the original card of warranty.",
    "Transfer of ownership on pickup; cash when we meet.",
  ])("leaves an ordinary advert alone: %s", (text) => {
    expect(offSiteMentions(text)).toEqual([]);
  });
});

describe("what signals do", () => {
  it("holds on one strong signal or two different weak ones, flags on one weak one", () => {
    const s = (kind: Parameters<typeof verdictOf>[0][number]["kind"]) => ({ kind, detail: "" });
    expect(verdictOf([])).toBe("clear");
    expect(verdictOf([s("off_site_contact")])).toBe("flag");
    expect(verdictOf([s("posting_burst"), s("off_site_contact")])).toBe("hold");
    expect(verdictOf([s("duplicate_photo")])).toBe("hold");
    expect(verdictOf([s("low_price")])).toBe("hold");
    expect(verdictOf([s("shared_mobile"), s("off_site_contact")])).toBe("hold");
  });
});
