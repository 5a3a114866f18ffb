import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import type { SessionUser } from "../core/accounts/index.ts";
import { attachProof, decideProof, proofCodeFor } from "../core/catalogue/index.ts";
import { storePrivatePhoto } from "../core/media/index.ts";
import { advertProofs, adverts } from "../db/schema/index.ts";
import type { Core } from "../server/services.ts";

/**
 * "In hand" on first start: Sam's newest laptop for sale has an approved proof photo (its badge, the filter and
 * its count show), and his next one a proof waiting on the admins' Proof photos. Each photo shows his code on a
 * paper beside a laptop, drawn here, and goes through the same steps as a seller's.
 */
export async function seedDemoProofs(s: Core, seller: SessionUser, admin: SessionUser) {
  const { db } = s.runtime;
  const forSale = await db
    .select({ id: adverts.id })
    .from(adverts)
    .where(and(eq(adverts.sellerId, seller.id), eq(adverts.status, "available")))
    .orderBy(desc(adverts.createdAt))
    .limit(2);
  for (const [k, advert] of forSale.entries()) {
    const { code } = await proofCodeFor(db, seller);
    const photo = await storePrivatePhoto(s.runtime.media, await proofPicture(code, k), "proofPhoto");
    await db.transaction((tx) => attachProof(tx, seller, advert.id, { code, photo }));
    if (k === 0) {
      const [proof] = await db
        .select({ id: advertProofs.id })
        .from(advertProofs)
        .where(eq(advertProofs.advertId, advert.id));
      if (proof) await decideProof(db, admin, proof.id, { decision: "approve" });
    }
  }
}

/** A laptop, switched on, beside a paper with the code: a layout of its own, so no other photo looks like it. */
async function proofPicture(code: string, k: number): Promise<Buffer> {
  const hue = 200 + k * 60;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="hsl(30,20%,${35 + k * 10}%)"/>
    <rect x="40" y="${60 + k * 30}" width="420" height="270" rx="12" fill="#1b1b1b"/>
    <rect x="58" y="${78 + k * 30}" width="384" height="234" fill="hsl(${hue},70%,55%)"/>
    <path d="M20 ${345 + k * 30} H480 L520 ${395 + k * 30} H-20 Z" fill="#8d939a"/>
    <rect x="520" y="${220 - k * 40}" width="250" height="170" fill="#fbfbf7" transform="rotate(${6 - k * 9} 645 ${305 - k * 40})"/>
    <text x="645" y="${318 - k * 40}" font-family="DejaVu Sans Mono, monospace" font-size="46" text-anchor="middle"
      fill="#1a237e" transform="rotate(${6 - k * 9} 645 ${305 - k * 40})">${code}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
