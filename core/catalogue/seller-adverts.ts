import { and, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, favourites, orders, users } from "../../db/schema/index.ts";
import type { SellerAdvert } from "../../schemas/catalogue.ts";
import { REVIEW_SIGNALS } from "../../schemas/review-signals.ts";
import { type Actor, forbidden, isActingSeller, isAdmin } from "../accounts/index.ts";
import { mediaUrl } from "../media/index.ts";
import { SALE_STATUSES } from "../orders/index.ts";
import { newestFirst } from "./cards.ts";

/**
 * A seller's own adverts (My Products), every status, newest first. Sellers see only their own; admins may
 * look at anyone's.
 */
export async function listSellerAdverts(
  db: Db,
  actor: Actor & { email: string },
  sellerEmail: string,
  limit = 100,
): Promise<SellerAdvert[]> {
  if (!isAdmin(actor) && !(isActingSeller(actor) && actor.email.toLowerCase() === sellerEmail.toLowerCase())) {
    throw forbidden();
  }
  const rows = await db
    .select({
      id: adverts.id,
      name: adverts.name,
      imageKey: adverts.imageKey,
      resalePriceCents: adverts.resalePriceCents,
      advertised: adverts.advertised,
      status: adverts.status,
      removalReason: adverts.removalReason,
      reviewSignals: adverts.reviewSignals,
      soldTo: orders.buyerName,
      soldFor: orders.priceCents,
      // Counted in the same query, from the favourites' advert index (no query per row).
      // Not the seller's own save (refused now; one made before still stands in their favourites).
      savedBy: sql<number>`(select count(*)::int from ${favourites} f
        where f.advert_id = ${adverts.id} and f.user_id <> ${adverts.sellerId})`,
    })
    .from(adverts)
    .innerJoin(users, eq(users.id, adverts.sellerId))
    // The sale, for sold laptops: at most one order of an advert is paid or completed at a time.
    .leftJoin(orders, and(eq(orders.advertId, adverts.id), inArray(orders.status, [...SALE_STATUSES])))
    // The seller's own deletions are gone; an admin's removal stays, with its reason.
    .where(
      and(
        eq(users.email, sellerEmail.toLowerCase()),
        or(ne(adverts.status, "withdrawn"), isNotNull(adverts.removalReason)),
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(({ imageKey, status, removalReason, reviewSignals, soldTo, soldFor, savedBy, ...r }) => ({
    ...r,
    savedBy: Number(savedBy),
    sale: status === "sold" && soldTo && soldFor ? { buyerName: soldTo, priceCents: soldFor } : null,
    imageUrl: mediaUrl(imageKey),
    sold: status === "sold",
    removedBecause: status === "withdrawn" ? removalReason : null,
    pendingReview:
      status === "pending_review"
        ? [...new Set((reviewSignals ?? []).map((s) => REVIEW_SIGNALS[s.kind].seller))]
        : null,
    rejectedBecause: status === "rejected" ? removalReason : null,
  }));
}
