import { and, asc, eq, gt, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  accountEvents,
  advertProofs,
  adverts,
  brands,
  conversations,
  emailPreferences,
  favourites,
  messages,
  notifications,
  orders,
  passkeys,
  reviews,
  savedSearches,
  users,
} from "../../db/schema/index.ts";
import { signInWays } from "../accounts/index.ts";
import { shortName } from "../reviews/index.ts";

/** Every amount in the export is integer cents of this currency (docs/features.md: Download my data). */
export const EXPORT_CURRENCY = "USD";

/** Rows read per query: a person with years of messages is read in steps, never all at once. */
const PAGE = 500;

/**
 * A table's rows in keyset pages by `key` (a unique column, or the last of a unique set): `page(after)` reads the
 * next PAGE rows past the last one's key. Yields them one by one.
 */
async function* inPages<Row>(
  page: (after: string | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => string,
): AsyncGenerator<Row> {
  let after: string | undefined;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < PAGE || !last) return;
    after = keyOf(last);
  }
}

const past = (column: PgColumn, after: string | undefined): SQL | undefined =>
  after === undefined ? undefined : gt(column, after);

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The account itself, and the email choices made on the profile. */
export async function accountOf(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`no account ${userId}`);
  const choices = await db
    .select({ kind: emailPreferences.kind, email: emailPreferences.email })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId))
    .orderBy(emailPreferences.kind);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role,
    verifiedSeller: user.verified,
    actingAsSeller: user.actingAsSeller,
    createdAt: iso(user.createdAt),
    emailChoices: choices,
    signIn: await signInOf(db, userId, user.twoFactorEnabled),
    history: await historyOf(db, userId),
  };
}

/** How the account signs in: a password, Google, its passkeys (by their names), two-factor. Never a secret. */
async function signInOf(db: Db, userId: string, twoFactor: boolean) {
  const keys = await db
    .select({ name: passkeys.name, createdAt: passkeys.createdAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return {
    ...(await signInWays(db, userId)),
    twoFactor,
    passkeys: keys.map((k) => ({ name: k.name, addedAt: iso(k.createdAt) })),
  };
}

/** What happened to the account, oldest first (account_events: sign-in changes, starting to sell, …). */
async function historyOf(db: Db, userId: string) {
  const events = await db
    .select({ at: accountEvents.at, action: accountEvents.action, summary: accountEvents.summary })
    .from(accountEvents)
    .where(eq(accountEvents.userId, userId))
    .orderBy(asc(accountEvents.at));
  return events.map((e) => ({ at: iso(e.at), action: e.action, summary: e.summary }));
}

/** The adverts they posted, whatever became of them, with the photos' places in the ZIP (photos/<advert id>/<n>.<ext>). */
export function advertsOf(db: Db, userId: string) {
  return inPages(
    (after) =>
      db
        .select({ advert: adverts, brand: brands.name })
        .from(adverts)
        .innerJoin(brands, eq(brands.id, adverts.brandId))
        .where(and(eq(adverts.sellerId, userId), past(adverts.id, after)))
        .orderBy(asc(adverts.id))
        .limit(PAGE),
    (r) => r.advert.id,
  );
}

export type ExportedAdvertRow = { advert: typeof adverts.$inferSelect; brand: string };

/** Where an advert's `n`th photo (from 1) sits in the ZIP: its key's extension kept. */
export const photoPath = (advertId: string, n: number, key: string) =>
  `photos/${advertId}/${n}.${key.slice(key.lastIndexOf(".") + 1)}`;

export function advertEntry({ advert: a, brand }: ExportedAdvertRow) {
  return {
    id: a.id,
    name: a.name,
    brand,
    status: a.status,
    condition: a.condition,
    currency: EXPORT_CURRENCY,
    priceCents: a.resalePriceCents,
    originalPriceCents: a.originalPriceCents,
    ships: a.ships,
    shippingCents: a.shippingCents,
    yearsOfUse: a.yearsOfUse,
    location: a.location,
    mobile: a.mobile,
    description: a.description,
    processor: a.processor,
    ramGb: a.ramGb,
    storageGb: a.storageGb,
    storageType: a.storageType,
    screenInches: a.screenInches,
    batteryHealth: a.batteryHealth,
    batteryReport: a.batteryReport,
    checklist: a.checklist,
    removalReason: a.removalReason,
    photos: a.photoKeys.map((key, i) => photoPath(a.id, i + 1, key)),
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
  };
}

/** Their proof photos (In hand), each with the code it should show, what our team decided and its place in the ZIP. */
export function proofsOf(db: Db, userId: string) {
  return inPages(
    (after) =>
      db
        .select()
        .from(advertProofs)
        .where(and(eq(advertProofs.sellerId, userId), past(advertProofs.id, after)))
        .orderBy(asc(advertProofs.id))
        .limit(PAGE),
    (p) => p.id,
  );
}

/** Where a proof photo sits in the ZIP: its key's extension kept. */
export const proofPhotoPath = (proofId: string, key: string) =>
  `proof-photos/${proofId}.${key.slice(key.lastIndexOf(".") + 1)}`;

/** A proof photo as its seller sent it and our team decided it; never the admin who did. */
export function proofEntry(p: typeof advertProofs.$inferSelect) {
  return {
    id: p.id,
    advertId: p.advertId,
    code: p.code,
    status: p.status,
    reason: p.reason,
    sentAt: iso(p.createdAt),
    decidedAt: iso(p.decidedAt),
    photo: proofPhotoPath(p.id, p.photoKey),
  };
}

const seller = alias(users, "seller");

/**
 * Orders they placed (`as: "buyer"`, with the details they gave) and orders of their laptops (`as: "seller"`,
 * with only the buyer's name: the buyer's email, phone and address are the buyer's own data).
 */
export function ordersOf(db: Db, userId: string) {
  return inPages(
    (after) =>
      db
        .select({ order: orders, sellerName: seller.name })
        .from(orders)
        .innerJoin(seller, eq(seller.id, orders.sellerId))
        .where(and(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)), past(orders.id, after)))
        .orderBy(asc(orders.id))
        .limit(PAGE),
    (r) => r.order.id,
  );
}

export function orderEntry(
  userId: string,
  { order: o, sellerName }: { order: typeof orders.$inferSelect; sellerName: string },
) {
  const common = {
    id: o.id,
    number: o.number,
    advertId: o.advertId,
    productName: o.productName,
    status: o.status,
    currency: EXPORT_CURRENCY,
    priceCents: o.priceCents,
    shippingCents: o.shippingCents,
    delivery: o.delivery,
    meetingLocation: o.meetingLocation,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    createdAt: iso(o.createdAt),
    handedOverAt: iso(o.handedOverAt),
    receivedAt: iso(o.receivedAt),
  };
  return o.buyerId === userId
    ? {
        as: "buyer" as const,
        ...common,
        sellerName,
        yourName: o.buyerName,
        yourEmail: o.buyerEmail,
        yourPhone: o.buyerPhone,
        shippingAddress: o.shippingAddress,
      }
    : { as: "seller" as const, ...common, buyerName: o.buyerName, feeCents: o.feeCents };
}

const other = alias(users, "other");

/**
 * Every message of every conversation they are in (theirs and the other person's): conversation by conversation,
 * each one's messages oldest first, both in keyset pages on their own indexes.
 */
export async function* messagesOf(db: Db, userId: string) {
  const threads = inPages(
    (after) =>
      db
        .select({
          id: conversations.id,
          advertId: conversations.advertId,
          advertName: adverts.name,
          withName: other.name,
        })
        .from(conversations)
        .innerJoin(adverts, eq(adverts.id, conversations.advertId))
        .innerJoin(
          other,
          eq(
            other.id,
            sql`case when ${conversations.buyerId} = ${userId} then ${conversations.sellerId} else ${conversations.buyerId} end`,
          ),
        )
        .where(
          and(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)), past(conversations.id, after)),
        )
        .orderBy(asc(conversations.id))
        .limit(PAGE),
    (c) => c.id,
  );
  for await (const thread of threads) {
    const inThread = inPages(
      (after) => {
        const [at, id] = after ? (JSON.parse(after) as [string, string]) : [];
        return db
          .select({ id: messages.id, senderId: messages.senderId, body: messages.body, sentAt: messages.createdAt })
          .from(messages)
          .where(
            and(
              eq(messages.conversationId, thread.id),
              at && id ? sql`(${messages.createdAt}, ${messages.id}) > (${at}::timestamptz, ${id}::uuid)` : undefined,
            ),
          )
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(PAGE);
      },
      (m) => JSON.stringify([m.sentAt.toISOString(), m.id]),
    );
    for await (const m of inThread) {
      yield {
        id: m.id,
        conversationId: thread.id,
        advertId: thread.advertId,
        advertName: thread.advertName,
        with: thread.withName,
        from: m.senderId === userId ? ("you" as const) : ("them" as const),
        body: m.body,
        sentAt: iso(m.sentAt),
      };
    }
  }
}

const author = alias(users, "author");

/** Reviews they wrote (`written`) or received as a seller (`received`, the author named as the seller's page names them). */
export function reviewsOf(db: Db, userId: string, which: "written" | "received") {
  return inPages(
    (after) =>
      db
        .select({ review: reviews, authorName: author.name, sellerName: seller.name })
        .from(reviews)
        .innerJoin(author, eq(author.id, reviews.authorId))
        .innerJoin(seller, eq(seller.id, reviews.sellerId))
        .where(and(eq(which === "written" ? reviews.authorId : reviews.sellerId, userId), past(reviews.id, after)))
        .orderBy(asc(reviews.id))
        .limit(PAGE),
    (r) => r.review.id,
  );
}

export function reviewEntry(
  which: "written" | "received",
  {
    review: r,
    authorName,
    sellerName,
  }: { review: typeof reviews.$inferSelect; authorName: string; sellerName: string },
) {
  return {
    id: r.id,
    orderId: r.orderId,
    advertId: r.advertId,
    productName: r.productName,
    ...(which === "written" ? { sellerName } : { authorName: shortName(authorName) }),
    rating: r.rating,
    body: r.body,
    createdAt: iso(r.createdAt),
    editedAt: iso(r.editedAt),
    sellerAnswer: r.reply,
    answeredAt: iso(r.repliedAt),
    removedAt: iso(r.removedAt),
    removalReason: r.removalReason,
  };
}

export function favouritesOf(db: Db, userId: string) {
  return inPages(
    (after) =>
      db
        .select()
        .from(favourites)
        .where(and(eq(favourites.userId, userId), past(favourites.advertId, after)))
        .orderBy(asc(favourites.advertId))
        .limit(PAGE),
    (f) => f.advertId,
  );
}

export const favouriteEntry = (f: typeof favourites.$inferSelect) => ({
  advertId: f.advertId,
  advertName: f.advertName,
  currency: EXPORT_CURRENCY,
  savedPriceCents: f.savedPriceCents,
  savedAt: iso(f.createdAt),
});

export function savedSearchesOf(db: Db, userId: string) {
  return inPages(
    (after) =>
      db
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.userId, userId), past(savedSearches.id, after)))
        .orderBy(asc(savedSearches.id))
        .limit(PAGE),
    (s) => s.id,
  );
}

/** A saved search as they set it: its name, words, filters (prices in cents) and alerts; nothing internal. */
export function savedSearchEntry(s: typeof savedSearches.$inferSelect) {
  const {
    userId: _user,
    query: _query,
    cpuPattern: _pattern,
    lastEmailedAt: _emailed,
    createdAt,
    updatedAt,
    ...set
  } = s;
  return { ...set, currency: EXPORT_CURRENCY, createdAt: iso(createdAt), updatedAt: iso(updatedAt) };
}

export function notificationsOf(db: Db, userId: string) {
  return inPages(
    (after) =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), past(notifications.id, after)))
        .orderBy(asc(notifications.id))
        .limit(PAGE),
    (n) => n.id,
  );
}

export const notificationEntry = (n: typeof notifications.$inferSelect) => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  createdAt: iso(n.createdAt),
  readAt: iso(n.readAt),
});
