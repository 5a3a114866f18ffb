/** Favourites and the alerts their savers are sent (core/favourites). */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { userRef } from "./accounts.ts";
import { adverts } from "./catalogue.ts";
import { createdAt, uuidPrimaryKey, uuidRef } from "./columns.ts";

export const favourites = pgTable(
  "favourites",
  {
    userId: userRef("user_id", "cascade"),
    /**
     * No foreign key: a favourite outlives its advert, so the person sees "no longer for sale" where the
     * laptop was instead of it vanishing from their list.
     */
    advertId: uuid("advert_id").notNull(),
    /** The price when it was saved: "↓ $40 since you saved it". */
    savedPriceCents: integer("saved_price_cents").notNull(),
    /** The name when it was saved, shown if the advert is gone. */
    advertName: text("advert_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.advertId] }),
    // A person's favourites, newest saved first, in keyset pages.
    index("favourites_user_created_idx").on(t.userId, t.createdAt.desc(), t.advertId.desc()),
    // Who saved an advert: the price-drop fan-out (keyset by user) and the seller's counts.
    index("favourites_advert_idx").on(t.advertId, t.userId),
  ],
);

/**
 * Something the savers of a laptop are told (core/favourites/saver-alerts.ts): its seller lowered its price
 * (`price_drop`, from `fromCents` to `toCents`), it was sold to someone else (`sold`, for `toCents`), or its
 * sale was refunded and it is for sale again (`back_on_sale`, at `toCents`). The outbox of their notices,
 * written in the transaction of the change; everyone who had saved the laptop by then is told once, in
 * batches that each move `notifiedThrough` (the last person told, by id) in the transaction that writes
 * their notices.
 */
export const favouriteAlerts = pgTable(
  "favourite_alerts",
  {
    id: uuidPrimaryKey(),
    kind: text("kind", { enum: ["price_drop", "sold", "back_on_sale"] }).notNull(),
    advertId: uuidRef("advert_id", () => adverts.id, "cascade"),
    fromCents: integer("from_cents"),
    toCents: integer("to_cents").notNull(),
    /** The buyer whose order made the change (bought it; was refunded): told by their order, not here. */
    buyerId: text("buyer_id"),
    notifiedThrough: text("notified_through"),
    doneAt: timestamp("done_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    check("favourite_alerts_kind_check", sql`${t.kind} in ('price_drop', 'sold', 'back_on_sale')`),
    check(
      "favourite_alerts_price_check",
      sql`(${t.kind} = 'price_drop') = (${t.fromCents} is not null) and (${t.fromCents} is null or ${t.toCents} < ${t.fromCents})`,
    ),
    index("favourite_alerts_pending_idx").on(t.createdAt).where(sql`${t.doneAt} is null`),
    // The newest sale or relisting of a laptop: an older one still being told is stale news.
    index("favourite_alerts_advert_idx").on(t.advertId, t.createdAt),
  ],
);
