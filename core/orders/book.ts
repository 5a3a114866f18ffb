import { randomUUID } from "node:crypto";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { uniqueViolationOf } from "../../db/errors.ts";
import { adverts, orderEvents, orders, users } from "../../db/schema/index.ts";
import { CATALOGUE_MESSAGES } from "../../schemas/messages.ts";
import { BLOCKED_BOOKING, type BookingInput, bookingSchema } from "../../schemas/orders.ts";
import type { SessionUser } from "../accounts/index.ts";
import { blockedEitherWay, canBuy } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { isPublic } from "./advert-lifecycle.ts";
import { deadlineAfter, saleNow } from "./deadlines.ts";
import { tellAbout } from "./order-notices.ts";
import { newOrderNumber, ORDER_NUMBER_INDEX } from "./order-number.ts";
import { SOLD, TRANSITIONS } from "./order-states.ts";
import { parseInput } from "./parse-input.ts";
import { lockBuyer } from "./transition.ts";

/** Bookings a buyer may hold at once, so that no one can book the whole catalogue. */
export const MAX_LIVE_BOOKINGS = 10;
export const TOO_MANY_BOOKINGS = `You can have at most ${MAX_LIVE_BOOKINGS} bookings at a time. Cancel one you no longer need first.`;

/** Booking "Ship to me" for a laptop its seller does not post. */
export const MEET_ONLY = "This laptop's seller does not ship it: choose Meet in person.";

/** Booking a laptop that is not in the catalogue (the pages say it too, of an id that names none). */

/**
 * Books a laptop. Everything on the order comes from the account and the advert, prices included; the buyer
 * gives only how they want it (where to meet, or where to ship it) and a phone number. Its seller and number
 * are set here, once.
 */
export async function book(q: Db | Tx, actor: SessionUser, booking: BookingInput): Promise<{ id: string }> {
  if (!canBuy(actor)) throw new AppError("FORBIDDEN", "Admins cannot book laptops.");
  const input = parseInput(bookingSchema, booking);
  // A number drawn twice (one in a billion per order) is refused by its unique index: the booking is
  // made again with another. The transaction is whole again each time, so the normal booking costs nothing more.
  for (let attempt = 1; ; attempt++) {
    try {
      return await q.transaction((tx) => placeBooking(tx, actor, input));
    } catch (error) {
      const index = uniqueViolationOf(error);
      if (index === ORDER_NUMBER_INDEX && attempt < 5) continue;
      if (index !== null) throw new AppError("CONFLICT", "You have already booked this laptop.");
      throw error;
    }
  }
}

async function placeBooking(
  tx: Tx,
  actor: SessionUser,
  input: z.output<typeof bookingSchema>,
): Promise<{ id: string }> {
  await lockBuyer(tx, actor.id);
  // With the count, whether the account was deleted while this request waited for the lock (a deletion
  // takes it too): a deleted account books nothing.
  const [live] = await tx
    .select({
      n: count(),
      deleted: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${actor.id} and ${users.deactivatedAt} is not null)`,
    })
    .from(orders)
    .where(and(eq(orders.buyerId, actor.id), inArray(orders.status, ["booked", "paying"])));
  if (live?.deleted) throw new AppError("UNAUTHENTICATED", "Please log in first.");
  if (Number(live?.n ?? 0) >= MAX_LIVE_BOOKINGS) throw new AppError("CONFLICT", TOO_MANY_BOOKINGS);
  // Shared with other buyers booking, but not with a sale or a withdrawal ending this laptop's bookings.
  const [found] = await tx
    .select({ advert: adverts, blocked: blockedEitherWay(actor.id, adverts.sellerId) })
    .from(adverts)
    .where(eq(adverts.id, input.advertId))
    .for("share");
  const advert = found?.advert;
  if (!advert || !isPublic(advert.status)) throw new AppError("NOT_FOUND", CATALOGUE_MESSAGES.laptopNotFound);
  if (advert.sellerId === actor.id) throw new AppError("CONFLICT", "You cannot book your own laptop.");
  if (found.blocked) throw new AppError("FORBIDDEN", BLOCKED_BOOKING);
  if (advert.status === "sold") throw new AppError("CONFLICT", SOLD);
  const ship = input.delivery === "ship";
  if (ship && !advert.ships) throw new AppError("VALIDATION_FAILED", MEET_ONLY, { delivery: MEET_ONLY });
  // When it was made, and its booking's deadline counted from that very instant (one clock: deadlines.ts).
  const now = saleNow();
  const order = {
    id: randomUUID(),
    number: newOrderNumber(),
    advertId: advert.id,
    buyerId: actor.id,
    sellerId: advert.sellerId,
    buyerName: actor.name,
    buyerEmail: actor.email,
    delivery: ship ? ("ship" as const) : ("meet" as const),
    meetingLocation: ship ? null : input.meetingLocation,
    shippingAddress: ship ? input.shippingAddress : null,
    buyerPhone: input.phone,
    priceCents: advert.resalePriceCents,
    // The shipping the seller asked when the buyer booked; the charge is the price and this.
    shippingCents: ship ? advert.shippingCents : 0,
    productName: advert.name,
    productImageKey: advert.imageKey,
    createdAt: now,
    deadlineAt: deadlineAfter("book", now),
  };
  // The order and its first event in one statement (its id is ours, so the event can name it).
  const placed = tx.$with("placed").as(tx.insert(orders).values(order).returning({ id: orders.id }));
  await tx
    .with(placed)
    .insert(orderEvents)
    .values({ orderId: order.id, toStatus: TRANSITIONS.book.to, transition: "book", actorId: actor.id });
  await tellAbout(tx, order, "book");
  return { id: order.id };
}
