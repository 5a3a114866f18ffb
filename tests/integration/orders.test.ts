import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  advertEvents,
  adverts,
  orderEvents,
  orders,
  payments,
  simCharges,
  simIntents,
  simRefunds,
} from "../../db/schema/index.ts";
import { BLOCKED_BOOKING } from "../../schemas/orders.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { signedInAccount, signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let brandId: string;
let sellerId: string;
let seller: Client;
let admin: Client;
let buyerN = 0;

const GOOD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
const key = () => `attempt-${Math.random().toString(36).slice(2, 12)}`;

const newBuyer = async () =>
  (await signedInAccount(t, { name: `Buyer ${++buyerN}`, email: `buyer${buyerN}@x.test` })).http;
const laptop = (priceCents = 45_000) =>
  createAdvert(t, {
    sellerId,
    brandId,
    name: `Laptop ${Math.random().toString(36).slice(2, 6)}`,
    resalePriceCents: priceCents,
  });
const book = (who: Client, advertId: string) =>
  who.post("/api/orders", { advertId, meetingLocation: "Gulshan 2 circle", phone: "01712345678" });
const pay = (who: Client, orderId: string, card: Partial<typeof GOOD> = {}, attemptKey = key()) =>
  who.post(`/api/orders/${orderId}/pay`, { ...GOOD, ...card, attemptKey });
/** The test-card provider these tests run on (the default). */
function simulated() {
  const provider = t.services.payments;
  if (provider.flow !== "server-card") throw new Error("simulated provider expected");
  return provider;
}
/** A laptop booked by a new buyer: the buyer and the order's id. */
async function booked(priceCents: number) {
  const buyer = await newBuyer();
  const a = await laptop(priceCents);
  return { buyer, id: (await book(buyer, a.id)).json().id as string };
}
/** The provider takes the money, but the process dies before our record (step 3). */
async function chargeUnrecorded(orderId: string, amountCents: number, idempotencyKey: string) {
  await simulated().charge({
    amountCents,
    idempotencyKey,
    orderId,
    card: { number: "4242424242424242", expiry: "12 / 34", cvc: "123" },
  });
}
const statusOf = async (advertId: string) =>
  (await t.db.select().from(adverts).where(eq(adverts.id, advertId)))[0]?.status;

beforeAll(async () => {
  t = await startTestApp();
  brandId = (await createBrand(t, "HP")).id;
  sellerId = (await createUser(t, { name: "Sam Seller", email: "seller@x.test", role: "seller" })).id;
  await createUser(t, { name: "Ada", email: "admin@x.test", role: "admin" });
  seller = await signedInClient(t, "seller@x.test");
  admin = await signedInClient(t, "admin@x.test");
});
afterAll(() => t?.close());

describe("booking", () => {
  it("builds the order from the session and the advert, whatever the client sends", async () => {
    const buyer = await newBuyer();
    const a = await laptop(61_500);
    const res = await buyer.post("/api/orders", {
      advertId: a.id,
      meetingLocation: "Banani",
      phone: "01811111111",
      price: 1,
      buyerEmail: "someone@else.test",
      productName: "Free laptop",
    });
    expect(res.statusCode).toBe(201);
    const order = (await buyer.get(`/api/orders/${res.json().id}`)).json();
    expect(order).toMatchObject({
      priceCents: 61_500,
      productName: a.name,
      buyer: { name: `Buyer ${buyerN}` },
      status: "booked",
    });
    const [mine] = (await buyer.get("/api/orders")).json().orders;
    expect(mine).toMatchObject({ id: res.json().id, buyerEmail: `buyer${buyerN}@x.test` });
  });

  it("names the booking form's missing fields with the spec's messages", async () => {
    const buyer = await newBuyer();
    const res = await buyer.post("/api/orders", { advertId: (await laptop()).id, meetingLocation: "", phone: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      meetingLocation: "Meeting location is required",
      phone: "Phone Number is required",
    });
    const letters = await buyer.post("/api/orders", {
      advertId: (await laptop()).id,
      meetingLocation: "X",
      phone: "01712-abc",
    });
    expect(letters.json().fields).toEqual({ phone: "Phone Number must contain digits only" });
    const short = await buyer.post("/api/orders", {
      advertId: (await laptop()).id,
      meetingLocation: "X",
      phone: "+12 34",
    });
    expect(short.json().fields).toEqual({ phone: "Phone Number must have at least 6 digits" });
  });

  it("takes a phone number as people write it, with its country code, and keeps its digits", async () => {
    const buyer = await newBuyer();
    const res = await buyer.post("/api/orders", {
      advertId: (await laptop()).id,
      meetingLocation: "Banani",
      phone: "+880 1712-345678",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().id));
    expect(order?.buyerPhone).toBe("+8801712345678");
  });

  it("refuses anonymous callers, admins, the seller's own laptop, sold laptops and double bookings", async () => {
    const a = await laptop();
    expect((await book(client(t), a.id)).statusCode).toBe(401);
    expect((await book(admin, a.id)).statusCode).toBe(403);
    const own = await book(seller, a.id);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe("You cannot book your own laptop.");
    const buyer = await newBuyer();
    expect((await book(buyer, a.id)).statusCode).toBe(201);
    const again = await book(buyer, a.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already booked this laptop.");
    const sold = await createAdvert(t, {
      sellerId,
      brandId,
      name: "Gone",
      resalePriceCents: 100,
      status: "sold",
    });
    expect((await book(buyer, sold.id)).json().message).toBe("This laptop has already been sold");
  });

  it("refuses a booking between two people when either blocked the other, and takes it once unblocked", async () => {
    for (const blocker of ["seller", "buyer"] as const) {
      const a = await laptop();
      const buyer = await newBuyer();
      const asked = await buyer.post("/api/conversations", { advertId: a.id, body: "Can I see it today?" });
      expect(asked.statusCode, asked.body).toBe(201);
      const block = `/api/conversations/${asked.json().id}/block`;
      const by = blocker === "seller" ? seller : buyer;
      expect((await by.post(block)).statusCode).toBe(204);
      const refused = await book(buyer, a.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(BLOCKED_BOOKING);
      expect(await t.db.select().from(orders).where(eq(orders.advertId, a.id))).toEqual([]);
      expect((await by.raw("DELETE", block)).statusCode).toBe(204);
      expect((await book(buyer, a.id)).statusCode).toBe(201);
    }
  });

  it("caps a buyer's live bookings, so that no one can book the whole catalogue", async () => {
    const buyer = await newBuyer();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await book(buyer, (await laptop()).id);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const eleventh = await book(buyer, (await laptop()).id);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe(
      "You can have at most 10 bookings at a time. Cancel one you no longer need first.",
    );
    await buyer.post(`/api/orders/${ids[0]}/cancel`);
    expect((await book(buyer, (await laptop()).id)).statusCode).toBe(201);
  });

  it("keeps each buyer's orders to themselves", async () => {
    const alice = await newBuyer();
    const bob = await newBuyer();
    const id = (await book(alice, (await laptop()).id)).json().id;
    expect((await bob.get(`/api/orders/${id}`)).statusCode).toBe(404);
    expect((await pay(bob, id)).statusCode).toBe(404);
    expect((await bob.post(`/api/orders/${id}/cancel`)).statusCode).toBe(404);
    expect((await bob.get("/api/orders")).json().orders).toEqual([]);
  });
});

describe("paying", () => {
  it("shows the provider's message for declined cards, then pays with a good one", async () => {
    const buyer = await newBuyer();
    const a = await laptop(45_000);
    const id = (await book(buyer, a.id)).json().id;
    const declined = await pay(buyer, id, { cardNumber: "4000 0000 0000 0002" });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: "PAYMENT_DECLINED", message: "Your card was declined." });
    expect((await pay(buyer, id, { cardNumber: "4000 0000 0000 9995" })).json().message).toBe(
      "Your card has insufficient funds.",
    );
    expect((await pay(buyer, id, { cardNumber: "4242 4242 4242 4241" })).json().message).toBe(
      "Your card number is invalid.",
    );
    expect(await statusOf(a.id)).toBe("available");

    expect((await pay(buyer, id)).json()).toEqual({ status: "paid" });
    expect((await buyer.get(`/api/orders/${id}`)).json().status).toBe("paid");
    expect(await statusOf(a.id)).toBe("sold");
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment).toMatchObject({
      priceCents: 45_000,
      email: `buyer${buyerN}@x.test`,
      advertId: a.id,
      provider: "simulated",
      status: "succeeded",
    });
    expect(payment?.transactionId).toMatch(/^ch_sim_/);
    // The seller sees the laptop as Sold, and to whom.
    const mine = (await seller.get("/api/sellers/seller@x.test/adverts")).json().adverts;
    expect(mine.find((x: { id: string }) => x.id === a.id)).toMatchObject({
      sold: true,
      sale: { buyerName: `Buyer ${buyerN}`, priceCents: 45_000 },
    });
  });

  it("charges once for a double-clicked or retried payment", async () => {
    const buyer = await newBuyer();
    const id = (await book(buyer, (await laptop()).id)).json().id;
    const attempt = key();
    const [first, second] = await Promise.all([pay(buyer, id, {}, attempt), pay(buyer, id, {}, attempt)]);
    expect([first.statusCode, second.statusCode].sort()).toContain(200);
    expect((await pay(buyer, id, {}, attempt)).statusCode).toBe(200);
    expect((await pay(buyer, id, {}, key())).statusCode).toBe(200); // already paid: nothing more to charge
    const [row] = await t.db.select({ n: count() }).from(payments).where(eq(payments.orderId, id));
    expect(Number(row?.n)).toBe(1);
    const charges = await t.db.execute(
      sql`select count(*)::int as n from ${simCharges} c join sim_payment_intents i on i.id = c.intent_id where i.order_id = ${id}`,
    );
    expect((charges as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });

  it("closes every other booking of a laptop when one buyer pays, with a status they see", async () => {
    const a = await laptop();
    const winner = await newBuyer();
    const loser = await newBuyer();
    const winnerOrder = (await book(winner, a.id)).json().id;
    const loserOrder = (await book(loser, a.id)).json().id;
    expect((await pay(winner, winnerOrder)).statusCode).toBe(200);
    expect((await loser.get(`/api/orders/${loserOrder}`)).json().status).toBe("closed");
    const late = await pay(loser, loserOrder);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("This laptop has already been sold");
  });
});

describe("cancelling and receiving", () => {
  it("cancels an unpaid booking at once", async () => {
    const buyer = await newBuyer();
    const a = await laptop();
    const id = (await book(buyer, a.id)).json().id;
    expect((await buyer.post(`/api/orders/${id}/cancel`)).json()).toEqual({ status: "cancelled" });
    expect((await buyer.get(`/api/orders/${id}`)).json().status).toBe("cancelled");
    expect((await book(buyer, a.id)).statusCode).toBe(201); // may book it again
  });

  it("refunds a paid order in full and puts the laptop back on sale (buyer protection)", async () => {
    const buyer = await newBuyer();
    const a = await laptop(30_000);
    const id = (await book(buyer, a.id)).json().id;
    await pay(buyer, id);
    expect((await buyer.post(`/api/orders/${id}/cancel`)).json()).toEqual({ status: "refunded" });
    expect(await statusOf(a.id)).toBe("available");
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment?.status).toBe("refunded");
    const [refund] = await t.db
      .select()
      .from(simRefunds)
      .where(eq(simRefunds.chargeId, payment?.transactionId as string));
    expect(refund?.amountCents).toBe(30_000);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events.map((e) => e.transition)).toEqual(["book", "startPayment", "pay", "cancelPaid", "refund"]);
  });

  it("is handed over on confirmed receipt, after which it can no longer be cancelled, and completes when all is fine", async () => {
    const buyer = await newBuyer();
    const id = (await book(buyer, (await laptop()).id)).json().id;
    const early = await buyer.post(`/api/orders/${id}/receipt`);
    expect(early.statusCode).toBe(409);
    expect((await buyer.post(`/api/orders/${id}/accept`)).statusCode).toBe(409);
    await pay(buyer, id);
    expect((await buyer.post(`/api/orders/${id}/receipt`)).statusCode).toBe(204);
    const handedOver = (await buyer.get(`/api/orders/${id}`)).json();
    expect(handedOver).toMatchObject({ status: "handed_over", deadline: { what: "protectionEnds" } });
    expect(handedOver.can).toMatchObject({ confirmReceipt: false, accept: true, cancelAndRefund: false });
    const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(handedOver.handedOverAt),
    );
    const late = await buyer.post(`/api/orders/${id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      `The laptop was handed over on ${day}, so this order can no longer be cancelled. If something is wrong with it, use Report a problem on the order's page.`,
    );
    const twice = await buyer.post(`/api/orders/${id}/receipt`);
    expect([twice.statusCode, twice.json().message]).toEqual([409, "You have already said you received this laptop."]);
    expect((await buyer.post(`/api/orders/${id}/accept`)).statusCode).toBe(204);
    const done = (await buyer.get(`/api/orders/${id}`)).json();
    expect(done).toMatchObject({ status: "completed", deadline: null });
    expect(done.events.map((e: { what: string }) => e.what).slice(-2)).toEqual([
      "Received the laptop",
      "Said everything is fine",
    ]);
    expect((await buyer.post(`/api/orders/${id}/cancel`)).statusCode).toBe(409);
  });
});

describe("a booked laptop leaves the catalogue", () => {
  const GONE = "This laptop is no longer for sale.";

  it("ends its bookings when its seller deletes it: the buyer sees why, and Pay is refused without a charge", async () => {
    const buyer = await newBuyer();
    const a = await laptop();
    const id = (await book(buyer, a.id)).json().id;
    expect((await seller.raw("DELETE", `/api/adverts/${a.id}`)).statusCode).toBe(204);
    expect((await buyer.get(`/api/orders/${id}`)).json().status).toBe("withdrawn");
    const refused = await pay(buyer, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(GONE);
    const [charged] = await t.db
      .select({ n: count() })
      .from(simCharges)
      .innerJoin(simIntents, eq(simIntents.id, simCharges.intentId))
      .where(eq(simIntents.orderId, id));
    expect(Number(charged?.n)).toBe(0);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(events.map((e) => e.transition)).toEqual(["book", "withdraw"]);
  });

  it("ends its bookings when an admin removes it or deletes its seller", async () => {
    const buyer = await newBuyer();
    const removed = await laptop();
    const removedOrder = (await book(buyer, removed.id)).json().id;
    expect((await admin.post(`/api/adverts/${removed.id}/removal`, { reason: "Not a laptop" })).statusCode).toBe(204);
    expect((await buyer.get(`/api/orders/${removedOrder}`)).json().status).toBe("withdrawn");

    const gone = await createUser(t, { name: "Gone", email: "gone@x.test", role: "seller" });
    const theirs = await createAdvert(t, { sellerId: gone.id, brandId, name: "Nitro", resalePriceCents: 1 });
    const theirsOrder = (await book(buyer, theirs.id)).json().id;
    expect((await admin.raw("DELETE", `/api/users/${gone.id}`)).statusCode).toBe(204);
    expect((await buyer.get(`/api/orders/${theirsOrder}`)).json().status).toBe("withdrawn");
  });

  it("records every change of a laptop's status, and who made it", async () => {
    const buyer = await newBuyer();
    const a = await laptop();
    const id = (await book(buyer, a.id)).json().id;
    await pay(buyer, id);
    await buyer.post(`/api/orders/${id}/cancel`);
    expect((await seller.raw("DELETE", `/api/adverts/${a.id}`)).statusCode).toBe(204);
    const events = await t.db
      .select()
      .from(advertEvents)
      .where(eq(advertEvents.advertId, a.id))
      .orderBy(advertEvents.at);
    expect(events.map((e) => [e.transition, e.fromStatus, e.toStatus, e.actorId])).toEqual([
      ["markSold", "held", "sold", null],
      ["relist", "sold", "available", null],
      ["withdraw", "available", "withdrawn", sellerId],
    ]);
  });

  it("cannot be deleted while a buyer is paying for it, nor once sold", async () => {
    const buyer = await newBuyer();
    const a = await laptop();
    const id = (await book(buyer, a.id)).json().id;
    // The buyer has pressed Pay and the card is being charged: the laptop is held for them.
    await t.db
      .update(adverts)
      .set({ reservedByOrderId: id, reservedUntil: new Date(Date.now() + 60_000) })
      .where(eq(adverts.id, a.id));
    const held = await seller.raw("DELETE", `/api/adverts/${a.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe("A buyer is paying for this laptop right now. Try again in a few minutes.");
    await pay(buyer, id);
    expect(await statusOf(a.id)).toBe("sold");
    expect((await seller.raw("DELETE", `/api/adverts/${a.id}`)).statusCode).toBe(409);
    expect(await statusOf(a.id)).toBe("sold");
  });
});

describe("fifty buyers, one laptop", () => {
  it("sells it exactly once and charges exactly one buyer", async () => {
    const a = await laptop(99_900);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => newBuyer()));
    const booked = await Promise.all(buyers.map((b) => book(b, a.id)));
    expect(booked.every((r) => r.statusCode === 201)).toBe(true);
    const results = await Promise.all(buyers.map((b, i) => pay(b, booked[i]?.json().id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);

    expect(await statusOf(a.id)).toBe("sold");
    const statuses = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.advertId, a.id));
    expect(statuses.filter((s) => s.status === "paid")).toHaveLength(1);
    expect(statuses.filter((s) => s.status === "booked" || s.status === "paid")).toHaveLength(1);
    const [paid] = await t.db.select({ n: count() }).from(payments).where(eq(payments.advertId, a.id));
    expect(Number(paid?.n)).toBe(1);
    // The provider's own ledger: one charge, or every other charge refunded.
    const ledger = (await t.db.execute(sql`
      select count(*)::int as charges, coalesce(sum(c.amount_refunded_cents), 0)::int as refunded
      from ${simCharges} c join sim_payment_intents i on i.id = c.intent_id
      join ${orders} o on o.id = i.order_id where o.advert_id = ${a.id}`)) as unknown as {
      rows: { charges: number; refunded: number }[];
    };
    const { charges, refunded } = ledger.rows[0] as { charges: number; refunded: number };
    expect(charges - refunded / 99_900).toBe(1);
  });
});

describe("a crash between the charge and our record", () => {
  it("is finished by reconciliation: recorded, or refunded when the laptop went to someone else", async () => {
    const buyer = await newBuyer();
    const a = await laptop(12_300);
    const id = (await book(buyer, a.id)).json().id;
    await chargeUnrecorded(id, 12_300, "crash-1");
    expect((await buyer.get(`/api/orders/${id}`)).json().status).toBe("booked");
    expect(await t.services.orders.reconcile(0)).toBe(1);
    expect((await buyer.get(`/api/orders/${id}`)).json().status).toBe("paid");
    expect(await t.services.orders.reconcile(0)).toBe(0);

    // Same crash, but another buyer bought the laptop in the meantime: the orphan charge is refunded.
    const b = await laptop(9_900);
    const late = await newBuyer();
    const lateOrder = (await book(late, b.id)).json().id;
    const winner = await newBuyer();
    const winnerOrder = (await book(winner, b.id)).json().id;
    await chargeUnrecorded(lateOrder, 9_900, "crash-2");
    expect((await pay(winner, winnerOrder)).statusCode).toBe(200);
    await t.services.orders.reconcile(0);
    const refunds = await t.db.select().from(simRefunds);
    expect(refunds.some((r) => r.amountCents === 9_900)).toBe(true);
    expect((await late.get(`/api/orders/${lateOrder}`)).json().status).toBe("closed");
  });
});

describe("the simulated provider", () => {
  it("charges an intent once: one key asked at once and again later gives one charge, even with a declining card", async () => {
    const { buyer, id } = await booked(31_000);
    const charge = (number = "4242424242424242") =>
      simulated().charge({
        amountCents: 31_000,
        idempotencyKey: "once-1",
        orderId: id,
        card: { number, expiry: "12 / 34", cvc: "123" },
      });
    const first = await Promise.all([charge(), charge(), charge(), charge()]);
    expect(new Set(first.map((c) => c.transactionId)).size).toBe(1);
    // Asked again with a card that would be declined: the intent succeeded already, so its charge stands.
    expect((await charge("4000000000000002")).transactionId).toBe(first[0]?.transactionId);
    const charges = await t.db
      .select({ id: simCharges.id })
      .from(simCharges)
      .innerJoin(simIntents, eq(simIntents.id, simCharges.intentId))
      .where(eq(simIntents.orderId, id));
    expect(charges).toEqual([{ id: first[0]?.transactionId }]);
    const [intent] = await t.db.select().from(simIntents).where(eq(simIntents.idempotencyKey, "once-1"));
    expect(intent?.status).toBe("succeeded");
    // Nobody recorded it (as after a crash): reconciliation does, once.
    expect(await t.services.orders.reconcile(0)).toBe(1);
    expect((await buyer.get(`/api/orders/${id}`)).json().status).toBe("paid");
  });

  it("declines a failing card without charging, and keeps why on the intent", async () => {
    const { id } = await booked(32_000);
    await expect(
      simulated().charge({
        amountCents: 32_000,
        idempotencyKey: "declined-1",
        orderId: id,
        card: { number: "4000000000009995", expiry: "12 / 34", cvc: "123" },
      }),
    ).rejects.toThrow("Your card has insufficient funds.");
    const [intent] = await t.db.select().from(simIntents).where(eq(simIntents.idempotencyKey, "declined-1"));
    expect(intent).toMatchObject({ status: "requires_payment_method", lastError: "Your card has insufficient funds." });
    const charges = await t.db
      .select()
      .from(simCharges)
      .where(eq(simCharges.intentId, intent?.id ?? ""));
    expect(charges).toEqual([]);
  });
});

// PGlite has one connection, so transactions never overlap there; on a server they do.
describe.skipIf(process.env.TEST_DATABASE !== "postgres")("payments overlapping on a database server", () => {
  it("never deadlock: a payment being recorded closes the booking of a buyer who starts paying meanwhile", async () => {
    const a = await laptop(20_000);
    const first = await newBuyer();
    const second = await newBuyer();
    const firstOrder = (await book(first, a.id)).json().id;
    const secondOrder = (await book(second, a.id)).json().id;
    await chargeUnrecorded(firstOrder, 20_000, "overlap-1");
    const waiting = async (n: number) => {
      for (;;) {
        const { rows } = (await t.db.execute(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: { n: number }[] };
        if ((rows[0]?.n ?? 0) >= n) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    // Someone holds the laptop's row while the first payment is recorded and the second buyer presses Pay.
    let recorded: Promise<number> | undefined;
    let paid: ReturnType<typeof pay> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.select().from(adverts).where(eq(adverts.id, a.id)).for("update");
      recorded = t.services.orders.reconcile(0);
      await waiting(1);
      paid = pay(second, secondOrder);
      await waiting(2);
    });
    expect(await recorded).toBe(1);
    const refused = await paid;
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json().message).toBe("This laptop has already been sold");
    expect((await first.get(`/api/orders/${firstOrder}`)).json().status).toBe("paid");
    expect((await second.get(`/api/orders/${secondOrder}`)).json().status).toBe("closed");
  });
});
