import { sql } from "drizzle-orm";
import { adverts, brands, users } from "../../db/schema.ts";
import type { AdvertCard } from "../../schemas/catalogue.ts";
import { mediaUrl } from "../media/index.ts";

export const cardColumns = {
  id: adverts.id,
  name: adverts.name,
  brandName: brands.name,
  imageKey: adverts.imageKey,
  originalPriceCents: adverts.originalPriceCents,
  resalePriceCents: adverts.resalePriceCents,
  yearsOfUse: adverts.yearsOfUse,
  location: adverts.location,
  condition: adverts.condition,
  sellerName: users.name,
  sellerVerified: users.verified,
  sellerEmailConfirmed: users.emailVerified,
  status: adverts.status,
  createdAt: adverts.createdAt,
};

type CardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]["_"]["data"];
};

/** A row as the card every page and the API show (schemas/catalogue.ts). */
export function toCard({ imageKey, status, createdAt, ...row }: CardRow): AdvertCard {
  return { ...row, imageUrl: mediaUrl(imageKey), sold: status === "sold", createdAt: createdAt.toISOString() };
}

/** Newest first, spelled as the indexes are built (drizzle writes DESC NULLS LAST). */
export const newestFirst = [sql`${adverts.createdAt} desc nulls last`, sql`${adverts.id} desc nulls last`];

/**
 * "For sale", written as a literal rather than a parameter: a plan PostgreSQL reuses across requests
 * (prepared statements) can then still use the partial indexes built on exactly this condition.
 */
export const isAvailable = sql`${adverts.status} = 'available'`;
