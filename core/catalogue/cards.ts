import { eq, type SQL, type Subquery, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { compiledRows } from "../../db/compiled-rows.ts";
import { descAsIndexed } from "../../db/order.ts";
import { preparedOnce } from "../../db/prepared-once.ts";
import { adverts, brands, sellerRatings, users } from "../../db/schema/index.ts";
import type { AdvertCard } from "../../schemas/catalogue.ts";
import type { FavouriteStatus } from "../../schemas/favourite-labels.ts";
import { toRating } from "../../schemas/reviews.ts";
import { mediaUrl } from "../media/index.ts";
import { priceBadge, withPriceGuide } from "./price-guides.ts";
import { processorName, tierName } from "./processors/processors.ts";

/** What a card (and a laptop's page) shows of the advert itself. */
export const laptopColumns = {
  id: adverts.id,
  name: adverts.name,
  imageKey: adverts.imageKey,
  originalPriceCents: adverts.originalPriceCents,
  resalePriceCents: adverts.resalePriceCents,
  yearsOfUse: adverts.yearsOfUse,
  location: adverts.location,
  condition: adverts.condition,
  status: adverts.status,
  performanceTier: adverts.performanceTier,
  ships: adverts.ships,
  shippingCents: adverts.shippingCents,
  createdAt: adverts.createdAt,
  processor: adverts.processor,
  processorKey: adverts.processorKey,
  ramGb: adverts.ramGb,
  storageGb: adverts.storageGb,
  storageType: adverts.storageType,
  screenInches: adverts.screenInches,
  batteryHealth: adverts.batteryHealth,
  batteryVerified: adverts.batteryVerified,
  batteryCycles: adverts.batteryCycles,
  inHand: adverts.inHand,
  valuePerDollar: adverts.valuePerDollar,
};

/** Who sells it, as cards and a laptop's page show them: joined from users and `withSellerRating`. */
export const sellerColumns = {
  sellerName: users.name,
  sellerVerified: users.verified,
  sellerEmailConfirmed: users.emailVerified,
  ratingSum: sellerRatings.ratingSum,
  ratingCount: sellerRatings.reviewCount,
};

const cardColumns = {
  ...laptopColumns,
  brandName: brands.name,
  ...sellerColumns,
  /** Needs the query to join `withPriceGuide`. */
  priceBadge,
};

/**
 * The seller's rating on every card: their counters (kept by core/reviews with each review), joined once
 * by primary key in the card query itself — no query per card. Sellers without reviews have no row.
 */
export const withSellerRating = [sellerRatings, eq(sellerRatings.sellerId, adverts.sellerId)] as const;

/** What a card reads of an advert, and what its joins (brand, seller, rating, price guide) need. */
export const pageColumns = {
  ...laptopColumns,
  processorYear: adverts.processorYear,
  brandId: adverts.brandId,
  sellerId: adverts.sellerId,
};

/**
 * The cards of a page of adverts chosen first on its own (`page`: adverts alone, selecting `pageColumns`,
 * filtered, ordered and limited), its brand, seller, rating and price guide joined to those rows only, in
 * `order` again. Written as one five-table join, PostgreSQL weighed every join order against each of the
 * adverts' indexes every time it planned it — and it plans these prepared searches per request (custom
 * plans): 1.6–2 ms of planning for a 0.4 ms query; the page chosen first plans in 0.4 ms.
 */
export function cardsOf(db: Db, page: { as(alias: "adverts"): Subquery<"adverts"> }, order: SQL[]) {
  return (
    db
      .select(cardColumns)
      // Named as the table: the card's columns and joins read the page's rows as `adverts`.
      .from(page.as("adverts"))
      .innerJoin(brands, eq(brands.id, adverts.brandId))
      .innerJoin(users, eq(users.id, adverts.sellerId))
      .leftJoin(...withSellerRating)
      .leftJoin(...withPriceGuide)
      .orderBy(...order)
  );
}

/** A row of `cardsOf`, as the query types it. */
type CardRow = Awaited<ReturnType<typeof cardsOf>>[number];

/** A row as the card every page and the API show (schemas/catalogue.ts). */
export function toCard({
  imageKey,
  status,
  performanceTier,
  createdAt,
  ratingSum,
  ratingCount,
  ships,
  shippingCents,
  processor,
  processorKey,
  ...row
}: CardRow): AdvertCard {
  return {
    ...row,
    processorName: processorName(processorKey, processor),
    shippingCents: ships ? shippingCents : null,
    performanceTier: tierName(performanceTier),
    imageUrl: mediaUrl(imageKey),
    sold: status === "sold",
    createdAt: createdAt.toISOString(),
    sellerRating: toRating(ratingSum, ratingCount),
  };
}

/**
 * Lists that chose their own laptops (favourites, a saved search's matches) show each as the same card as
 * everywhere else while it still has a page: the page's cards in one query by primary key, no query per row.
 * A laptop that is gone for its follower keeps `card: null`.
 */
export async function withCards<Item extends { advertId: string; status: FavouriteStatus }>(
  db: Db,
  page: { items: Item[]; next: string | null },
): Promise<{ items: (Item & { card: AdvertCard | null })[]; next: string | null }> {
  const ids = page.items.filter((i) => i.status !== "gone").map((i) => i.advertId);
  const rows = ids.length ? await cardsByIdFor(db).execute({ ids }) : [];
  const cards = new Map(rows.map((r) => [r.id, toCard(r)]));
  return { ...page, items: page.items.map((i) => ({ ...i, card: cards.get(i.advertId) ?? null })) };
}

/**
 * The cards of these laptops, prepared once per database handle: planned afresh, the five-table join took
 * longer to plan (~2.7 ms at 1 M adverts) than to run, on every page of favourites.
 */
const cardsByIdFor = preparedOnce((db) =>
  compiledRows(
    cardsOf(
      db,
      db
        .select(pageColumns)
        .from(adverts)
        .where(sql`${adverts.id} = any(${sql.placeholder("ids")}::uuid[])`),
      [],
    ).prepare("cards_by_id"),
  ),
);

/** Newest first, spelled as the indexes are built. */
export const newestFirst = [descAsIndexed(adverts.createdAt), descAsIndexed(adverts.id)];

/**
 * "For sale", written as a literal rather than a parameter: a plan PostgreSQL reuses across requests
 * (prepared statements) can then still use the partial indexes built on exactly this condition.
 */
export const isAvailable = sql`${adverts.status} = 'available'`;
