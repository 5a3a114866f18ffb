import { and, eq, inArray, ne, notExists, sql } from "drizzle-orm";
import { announce } from "../../db/broadcast.ts";
import type { Db, Tx } from "../../db/client.ts";
import { advertEvents, advertProofs, advertPublications, adverts, orders } from "../../db/schema/index.ts";
import { CATALOGUE_MESSAGES } from "../../schemas/messages.ts";
import type { ReviewSignal } from "../../schemas/review-signals.ts";
import type { AdvertStatus } from "../../schemas/values.ts";
import { AppError } from "../errors.ts";
import { alertSavers } from "../favourites/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { announceModeration } from "../notifications/index.ts";
import { endBookings, heldByPayment } from "./transition.ts";

/**
 * The advert lifecycle: whether a laptop can be bought. The one place an advert's status changes.
 * It lives beside the orders because every change here ends or settles orders in the same transaction.
 *
 *   (new) ──publish──► available
 *   available ──hold──► held ──markSold──► sold ──relist──► available
 *       ▲                │                   └──retire──► withdrawn
 *       └────release─────┘
 *   available ──withdraw (its seller)──► withdrawn
 *   available | held ──remove (an admin)──► withdrawn
 *   (new) | available ──holdForReview──► pending_review ──approve──► available
 *   pending_review | available ──reject (an admin)──► rejected
 *   available | pending_review | rejected ──withdraw (its seller)──► withdrawn
 *
 * "held" is an available advert with a live payment hold (`reservedUntil` in the future): the hold
 * lapses by itself after five minutes, so it is not a stored status. Holds are recorded in the order's
 * own events (startPayment, paymentFailed); every change of status is recorded in `advert_events`.
 *
 * "pending_review" and "rejected" adverts are not public: only their seller (My Products) and admins
 * (the review queue in Reported Items) see them. Review signals are computed in core/catalogue.
 */
export type AdvertState = AdvertStatus | "held";

export const ADVERT_TRANSITIONS = {
  /**
   * A new advert enters the catalogue (its seller posts it; later, an admin approves one held for review):
   * saved searches are matched against it, after the commit, by the job queue.
   */
  publish: { from: [], to: "available", by: "seller" },
  /**
   * Posting or editing it raised a strong review signal (or two weak ones): it leaves the catalogue, or
   * never enters it, until an admin looks. Nothing is published, so saved searches do not hear of it.
   */
  holdForReview: { from: ["available"], to: "pending_review", by: "system" },
  /** An admin found nothing wrong: it is published now (saved searches are matched then, not before). */
  approve: { from: ["pending_review"], to: "available", by: "admin" },
  /** An admin found it fraudulent: out of the catalogue for good, with the reason its seller sees. */
  reject: { from: ["pending_review", "available"], to: "rejected", by: "admin" },
  /** A buyer starts paying: nobody else can start paying until the hold is released or lapses. */
  hold: { from: ["available"], to: "held", by: "buyer" },
  /** The payment failed, was abandoned, or the booking was cancelled. */
  release: { from: ["held"], to: "available", by: "system" },
  /** A payment was recorded: the laptop is its buyer's, and every other booking of it ends. */
  markSold: { from: ["available", "held"], to: "sold", by: "system" },
  /** Its paid order was refunded before the buyer received it: for sale again. */
  relist: { from: ["sold"], to: "available", by: "system" },
  /** Refunded after the buyer received it (a dispute): the laptop is in their hands, not for sale. */
  retire: { from: ["sold"], to: "withdrawn", by: "system" },
  /** Its seller deletes it. Not while a buyer is paying: that buyer's money is in flight. */
  withdraw: { from: ["available", "pending_review", "rejected"], to: "withdrawn", by: "seller" },
  /**
   * An admin removes it (a report, or deleting its seller's account) — at once, even while a buyer
   * is paying: that payment is refused when the provider answers, and its money goes back (decision 8).
   */
  remove: { from: ["available", "held", "pending_review"], to: "withdrawn", by: "admin" },
} as const satisfies Record<
  string,
  { from: readonly AdvertState[]; to: AdvertState; by: "buyer" | "seller" | "admin" | "system" }
>;

export type AdvertTransition = keyof typeof ADVERT_TRANSITIONS;

type AdvertRow = typeof adverts.$inferSelect;

export const stateOf = (advert: Pick<AdvertRow, "status" | "reservedByOrderId" | "reservedUntil">): AdvertState =>
  advert.status === "available" && heldByPayment(advert) ? "held" : advert.status;

const REFUSALS: Record<AdvertState, string> = {
  available: "This laptop is for sale.",
  held: "A buyer is paying for this laptop right now. Try again in a few minutes.",
  sold: CATALOGUE_MESSAGES.sold,
  withdrawn: CATALOGUE_MESSAGES.advertNotFound,
  pending_review: "This advert is waiting for an admin's review.",
  rejected: CATALOGUE_MESSAGES.rejected,
};

/** Whether anyone but its seller and admins may see the advert (held and rejected ones are hidden). */
export const isPublic = (status: AdvertStatus) => status === "available" || status === "sold";

const SOLD_STAYS = "This laptop is sold: its advert stays for its order.";

export const HOLD_MS = 5 * 60 * 1000;

/** Locks an advert for a change of its state (adverts first, then orders: see lockOrder). */
export async function lockAdvert(tx: Tx, advertId: string) {
  const [advert] = await tx.select().from(adverts).where(eq(adverts.id, advertId)).for("update");
  return advert;
}

/** Checks the transition against the advert's state now, and names what stands in its way. */
function check(advert: AdvertRow, transition: AdvertTransition) {
  const state = stateOf(advert);
  if (!(ADVERT_TRANSITIONS[transition].from as readonly AdvertState[]).includes(state)) {
    const refusal = transition === "remove" && state === "sold" ? SOLD_STAYS : REFUSALS[state];
    throw new AppError(state === "withdrawn" ? "NOT_FOUND" : "CONFLICT", refusal);
  }
}

/**
 * Moves a locked advert through a checked transition: its new status (with `changes`) and its event in one
 * statement (a data-modifying WITH runs whether or not it is read), and the catalogue hears of it on commit.
 */
async function move(
  tx: Tx,
  advert: AdvertRow,
  transition: Exclude<AdvertTransition, "publish" | "hold" | "release" | "holdForReview">,
  changes: Partial<typeof adverts.$inferInsert>,
  actorId: string | null,
  note?: string,
): Promise<{ proofWaiting: boolean }> {
  const to = ADVERT_TRANSITIONS[transition].to;
  const moved = tx.$with("moved").as(
    tx
      .update(adverts)
      .set({ ...changes, status: to })
      .where(eq(adverts.id, advert.id))
      .returning({ id: adverts.id }),
  );
  // With the move, whether a proof photo of it waits for an admin (`advert_proofs_live_idx`): the admins'
  // count of proofs to check counts only laptops that may still sell, so a sale or a relisting changes it.
  const [event] = await tx
    .with(moved)
    .insert(advertEvents)
    .values({ advertId: advert.id, fromStatus: stateOf(advert), toStatus: to, transition, actorId, note })
    .returning({
      proofWaiting: sql<boolean>`exists (select 1 from ${advertProofs} where ${advertProofs.advertId} = ${advert.id} and ${advertProofs.status} = 'pending')`,
    });
  await announce(tx, CATALOGUE_CHANNEL);
  return { proofWaiting: Boolean(event?.proofWaiting) };
}

/**
 * Channel: the catalogue changed (an advert's status, on commit), whoever changed it — a request, or a job
 * such as the reconciler putting a refunded laptop back on sale. Every process empties what it keeps for
 * visitors (server/http/cache-broadcast.ts: the micro-cache and the catalogue's kept counts).
 */
export const CATALOGUE_CHANNEL = "public_cache";

/** PostgreSQL channel: an advert was published (sent on commit; the saved-search matcher listens). */
export const PUBLICATIONS_CHANNEL = "advert_publications";

/**
 * The one hook for an advert entering the catalogue, in the transaction that makes it available: the
 * event, and the publication outbox row the saved-search matcher reads (so matching never runs in the
 * seller's request, and never misses an advert whose commit it did not hear about).
 */
export async function publish(tx: Tx, advertId: string, actorId: string) {
  await announce(tx, CATALOGUE_CHANNEL);
  await tx.insert(advertEvents).values({
    advertId,
    fromStatus: "new",
    toStatus: ADVERT_TRANSITIONS.publish.to,
    transition: "publish",
    actorId,
  });
  await announcePublication(tx, advertId);
}

/** The publication outbox row and its wake-up for the saved-search matcher (on commit). */
async function announcePublication(tx: Tx, advertId: string) {
  await tx.insert(advertPublications).values({ advertId }).onConflictDoNothing();
  await announce(tx, PUBLICATIONS_CHANNEL);
}

/**
 * An advert in the catalogue became In hand: matched again, after the commit, against the saved searches for
 * laptops In hand only — the news is that, not the laptop (a search saved since, or one it passes after an
 * edit, is not told of an old laptop). A search told of it before is not told twice (each search and advert is
 * recorded once). A publication still waiting keeps its whole match, which covers In hand too.
 */
export async function matchAgain(tx: Tx, advertId: string) {
  await tx
    .insert(advertPublications)
    .values({ advertId, inHandOnly: true })
    .onConflictDoUpdate({
      target: advertPublications.advertId,
      set: {
        inHandOnly: sql`case when ${advertPublications.matchedAt} is null then ${advertPublications.inHandOnly} else true end`,
        matchedAt: null,
      },
    });
  await announce(tx, PUBLICATIONS_CHANNEL);
}

/**
 * Holds an advert for review with the signals that made it suspicious: a new one (`advert` undefined,
 * instead of publishing it) or a locked available one its seller just edited.
 */
export async function holdForReview(tx: Tx, advertId: string, advert: AdvertRow | undefined, signals: ReviewSignal[]) {
  if (advert) check(advert, "holdForReview");
  await tx
    .update(adverts)
    .set({
      status: "pending_review",
      advertised: false,
      reviewSignals: signals,
      flaggedAt: new Date(),
      heldFromPriceCents: advert?.resalePriceCents ?? null,
    })
    .where(eq(adverts.id, advertId));
  await tx.insert(advertEvents).values({
    advertId,
    fromStatus: advert ? stateOf(advert) : "new",
    toStatus: ADVERT_TRANSITIONS.holdForReview.to,
    transition: "holdForReview",
    actorId: null,
    note: signals.map((s) => s.kind).join(", "),
  });
  await announce(tx, CATALOGUE_CHANNEL);
  await announceModeration(tx);
}

/** An admin approves a locked held advert: it enters the catalogue, and saved searches hear of it. */
export async function approveAdvert(tx: Tx, advert: AdvertRow, adminId: string) {
  check(advert, "approve");
  await move(tx, advert, "approve", { flaggedAt: null, heldFromPriceCents: null }, adminId);
  await announcePublication(tx, advert.id);
  // Matched before it was held (an edit held it) and In hand since: the searches for laptops In hand hear now.
  if (advert.inHand) await matchAgain(tx, advert.id);
}

/** An admin rejects a locked held (or flagged, public) advert; its seller sees the reason, its bookings end. */
export async function rejectAdvert(tx: Tx, advert: AdvertRow, adminId: string, reason: string) {
  check(advert, "reject");
  const changes = { advertised: false, flaggedAt: null, heldFromPriceCents: null, removalReason: reason };
  await move(tx, advert, "reject", changes, adminId, reason);
  await endBookings(tx, [advert.id], "withdraw", `rejected by an admin: ${reason}`);
}

/**
 * Holds a locked available advert for one order (once: asking again while it holds does not renew it),
 * unless its buyer holds another laptop right now — a buyer holds one at a time. False then. One statement:
 * the check and the hold together (the buyer's lock, lockBuyer, keeps two of their payments from racing).
 */
export async function hold(tx: Tx, advert: AdvertRow, order: { id: string; buyerId: string }): Promise<boolean> {
  if (advert.reservedByOrderId === order.id && heldByPayment(advert)) return true;
  check(advert, "hold");
  const another = tx
    .select({ id: adverts.id })
    .from(adverts)
    .innerJoin(orders, eq(orders.id, adverts.reservedByOrderId))
    .where(and(eq(orders.buyerId, order.buyerId), ne(adverts.id, advert.id), sql`${adverts.reservedUntil} > now()`));
  const held = await tx
    .update(adverts)
    .set({ reservedByOrderId: order.id, reservedUntil: new Date(Date.now() + HOLD_MS) })
    .where(and(eq(adverts.id, advert.id), notExists(another)))
    .returning({ id: adverts.id });
  return held.length > 0;
}

/** Releases whatever this order holds (nothing, if its hold lapsed or was never taken). */
export async function release(q: Db | Tx, orderId: string) {
  await q
    .update(adverts)
    .set({ reservedByOrderId: null, reservedUntil: null })
    .where(eq(adverts.reservedByOrderId, orderId));
}

/**
 * The locked advert is sold to this order: every other booking of it ends as closed, and the people who
 * saved it are told (its buyer and those bookings' buyers hear through their orders).
 */
export async function markSold(
  tx: Tx,
  jobs: JobQueue,
  advert: AdvertRow,
  order: { id: string; buyerId: string; priceCents: number },
) {
  check(advert, "markSold");
  const unheld = { advertised: false, reservedByOrderId: null, reservedUntil: null };
  const { proofWaiting } = await move(tx, advert, "markSold", unheld, null, `order ${order.id}`);
  // Its waiting proof photo leaves the admins' count (sent after the commit, with the catalogue's news).
  if (proofWaiting) await announceModeration(tx);
  await endBookings(tx, [advert.id], "close", `sold to order ${order.id}`, order.id);
  await alertSavers(tx, jobs, { kind: "sold", advertId: advert.id, toCents: order.priceCents, buyerId: order.buyerId });
}

/**
 * Its sale was refunded: back on sale (its savers are told), or — received by its buyer already — out of
 * the catalogue.
 */
export async function unsell(
  tx: Tx,
  jobs: JobQueue,
  order: { advertId: string; buyerId: string },
  received: boolean,
  note: string,
) {
  const advert = await lockAdvert(tx, order.advertId);
  if (advert?.status !== "sold") return;
  const { proofWaiting } = await move(tx, advert, received ? "retire" : "relist", {}, null, note);
  if (received) return;
  // On sale again: its waiting proof photo is the admins' to check again.
  if (proofWaiting) await announceModeration(tx);
  const relisted = { advertId: advert.id, toCents: advert.resalePriceCents, buyerId: order.buyerId };
  await alertSavers(tx, jobs, { kind: "back_on_sale", ...relisted });
}

/**
 * The locked advert leaves the catalogue: its seller deletes it (`withdraw`, not while a buyer is
 * paying), or an admin removes it (`remove`, with the reason its seller sees). Its unpaid bookings end
 * as withdrawn; a sold advert stays (its order needs it).
 */
export async function takeDown(
  tx: Tx,
  advert: AdvertRow,
  transition: "withdraw" | "remove",
  actorId: string,
  reason?: string,
) {
  check(advert, transition);
  const changes = { advertised: false, ...(reason !== undefined && { removalReason: reason }) };
  await move(tx, advert, transition, changes, actorId, reason);
  await endBookings(tx, [advert.id], "withdraw", reason ? `removed by an admin: ${reason}` : "the advert was deleted");
  // Held, flagged or reported, it leaves the admins' queue: their open Reported Items read it again (a NOTIFY
  // per takedown, rare, rather than a read of its reports to see whether it was in the queue).
  await announceModeration(tx);
}

/** Every available advert of a seller whose account an admin deletes (held ones too). */
export async function removeAllOf(tx: Tx, sellerId: string, adminId: string) {
  const open = await tx
    .select()
    .from(adverts)
    .where(and(eq(adverts.sellerId, sellerId), inArray(adverts.status, ["available", "pending_review"])))
    .orderBy(adverts.id)
    .for("update");
  for (const advert of open) {
    await move(tx, advert, "remove", { advertised: false }, adminId, "the seller's account was deleted");
  }
  if (open.length > 0) await announceModeration(tx);
  await endBookings(
    tx,
    open.map((a) => a.id),
    "withdraw",
    "the seller's account was deleted",
  );
}
