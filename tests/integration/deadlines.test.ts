import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adverts, emailOutbox, notifications, orders, payments } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { bookToMeet, type Client, client } from "../support/http.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The sale's timers, on a clock of the test's own: the deadlines job is given "now" (the windows are the
 * defaults: BOOKING_HOURS 48, HANDOVER_DAYS 7, PROTECTION_HOURS 72).
 */
let t: TestApp;
let brandId: string;
let sellerId: string;
let seller: Client;
let n = 0;
const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);
const GOOD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

async function bookedOrder() {
  const email = `timer-buyer${++n}@x.test`;
  const buyerId = (await createUser(t, { name: `Timer Buyer ${n}`, email })).id;
  const buyer = await signedInClient(t, email);
  const advert = await createAdvert(t, {
    sellerId,
    brandId,
    name: `Timed laptop ${n}`,
    resalePriceCents: 40_000,
  });
  const booking = await bookToMeet(buyer, advert.id, "Banani 11");
  const id = booking.json().id as string;
  return { buyer, buyerId, id, advertId: advert.id };
}
async function paidOrder() {
  const o = await bookedOrder();
  const paid = await o.buyer.post(`/api/orders/${o.id}/pay`, { ...GOOD, attemptKey: `k-${o.id}` });
  expect(paid.statusCode).toBe(200);
  return o;
}
const order = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const remindersEmailedTo = async (userId: string, orderId: string) =>
  (
    await t.db
      .select({ payload: emailOutbox.payload })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, "order.reminder")))
  ).filter((e) => JSON.stringify(e.payload.params).includes(orderId));
const kindsFor = async (userId: string, orderId: string) =>
  (
    await t.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.subjectId, orderId)))
  ).map((r) => r.kind);

beforeAll(async () => {
  t = await startTestApp();
  brandId = (await createBrand(t, "Lenovo")).id;
  sellerId = (await createUser(t, { name: "Tess Timer", email: "tess@x.test", role: "seller" })).id;
  seller = await signedInClient(t, "tess@x.test");
});
afterAll(() => t?.close());

describe("an unpaid booking", () => {
  it("is reminded a day before, once, then closes after BOOKING_HOURS, its buyer told, and the laptop is free again", async () => {
    const { id, buyerId, advertId } = await bookedOrder();
    expect((await order(id))?.deadlineAt?.getTime()).toBeCloseTo(Date.now() + 48 * HOUR, -4);
    expect(await t.services.orders.applyDeadlinesNow(later(12))).toMatchObject({ applied: 0 });
    await t.services.orders.applyDeadlinesNow(later(30));
    expect(await kindsFor(buyerId, id)).toContain("order.reminder");
    expect(await remindersEmailedTo(buyerId, id)).toHaveLength(1); // by email too: reminders are on by default
    await t.services.orders.applyDeadlinesNow(later(31));
    expect((await kindsFor(buyerId, id)).filter((k) => k === "order.reminder")).toHaveLength(1);

    await t.services.orders.applyDeadlinesNow(later(49));
    expect(await order(id)).toMatchObject({ status: "closed", deadlineAt: null });
    expect(await kindsFor(buyerId, id)).toContain("order.expired");
    const page = (await seller.get(`/api/orders/${id}`)).json();
    expect(page.events.at(-1)).toMatchObject({ who: "ReLaptop", what: "Booking ended: it was not paid in time" });
    // Applied once: running again finds nothing, and the laptop can be booked by someone else.
    expect((await t.services.orders.applyDeadlinesNow(later(50))).applied).toBe(0);
    const [advert] = await t.db.select().from(adverts).where(eq(adverts.id, advertId));
    expect(advert).toMatchObject({ status: "available", reservedByOrderId: null });
  });
});

describe("a paid order nobody hands over", () => {
  it("is refunded in full after HANDOVER_DAYS, the laptop back on sale, and the seller reminded the day before", async () => {
    const { id, buyerId, advertId } = await paidOrder();
    await t.services.orders.applyDeadlinesNow(later(24 * 6 + 1));
    expect(await kindsFor(sellerId, id)).toContain("order.reminder");
    expect(await kindsFor(buyerId, id)).not.toContain("order.reminder");

    await t.services.orders.applyDeadlinesNow(later(24 * 7 + 1));
    expect((await order(id))?.status).toBe("refunded");
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment).toMatchObject({ status: "refunded", refundCents: 40_000 });
    expect(await kindsFor(buyerId, id)).toEqual(expect.arrayContaining(["order.expired", "order.cancelled"]));
    expect(await kindsFor(sellerId, id)).toEqual(expect.arrayContaining(["order.expired", "order.cancelled"]));
    const [advert] = await t.db.select().from(adverts).where(eq(adverts.id, advertId));
    expect(advert?.status).toBe("available");
  });
});

describe("a handed-over order", () => {
  it("completes when its protection window ends, the seller told, and the buyer reminded the day before", async () => {
    const { id, buyer, buyerId, advertId } = await paidOrder();
    expect((await seller.post(`/api/orders/${id}/handed-over`)).statusCode).toBe(204);
    expect(await kindsFor(buyerId, id)).toContain("order.handedOver");
    await t.services.orders.applyDeadlinesNow(later(71));
    expect(await kindsFor(buyerId, id)).toContain("order.reminder");
    expect((await order(id))?.status).toBe("handed_over");

    await t.services.orders.applyDeadlinesNow(later(73));
    expect(await order(id)).toMatchObject({ status: "completed", deadlineAt: null });
    expect(await kindsFor(sellerId, id)).toContain("order.completed");
    // Done: the buyer can no longer say all is fine, and the laptop stays sold.
    expect((await buyer.post(`/api/orders/${id}/accept`)).statusCode).toBe(409);
    const [advert] = await t.db.select().from(adverts).where(eq(adverts.id, advertId));
    expect(advert?.status).toBe("sold");
  });

  it("is not completed by the window's end once the buyer accepted it first, nor twice", async () => {
    const { id, buyer } = await paidOrder();
    await seller.post(`/api/orders/${id}/handed-over`);
    expect((await buyer.post(`/api/orders/${id}/accept`)).statusCode).toBe(204);
    expect((await t.services.orders.applyDeadlinesNow(later(80))).applied).toBe(0);
    const events = (await buyer.get(`/api/orders/${id}`)).json().events.map((e: { what: string }) => e.what);
    expect(events.filter((w: string) => w.includes("final") || w.includes("everything is fine"))).toEqual([
      "Said everything is fine",
    ]);
  });

  it("is refused a second handover, and a meet-up's seller alone marks it (another seller: not found)", async () => {
    const { id, buyer } = await paidOrder();
    expect((await buyer.post(`/api/orders/${id}/handed-over`)).statusCode).toBe(403);
    const other = client(t);
    await createUser(t, { name: "Other Seller", email: "other-timer@x.test", role: "seller" });
    await other.signIn("other-timer@x.test");
    expect((await other.post(`/api/orders/${id}/handed-over`)).statusCode).toBe(404);
    expect((await seller.post(`/api/orders/${id}/handed-over`)).statusCode).toBe(204);
    const again = await seller.post(`/api/orders/${id}/handed-over`);
    expect([again.statusCode, again.json().message]).toEqual([409, "Only a paid order can be marked as handed over."]);
  });
});

describe("a reminder's email", () => {
  it("is not sent to someone who turned reminders off by email; the notice still is", async () => {
    const { id, buyer, buyerId } = await bookedOrder();
    const off = await buyer.raw("PUT", "/api/me/email-preferences", { kind: "order.reminder", email: false });
    expect(off.statusCode).toBe(200);
    await t.services.orders.applyDeadlinesNow(later(30));
    expect(await kindsFor(buyerId, id)).toContain("order.reminder");
    expect(await remindersEmailedTo(buyerId, id)).toEqual([]);
  });
});

describe("a deadline that ran out while no process was running", () => {
  it("is applied when a process starts its workers, without waiting for the schedule", async () => {
    const { id, buyerId } = await bookedOrder();
    // As if every process had been down past the booking's end: the next start must still close it.
    await t.db
      .update(orders)
      .set({ deadlineAt: new Date(Date.now() - HOUR) })
      .where(eq(orders.id, id));
    // A process starting as the server does (the test app's queue runs no workers until asked).
    await t.services.jobs.stop();
    await t.services.jobs.start({ work: true });
    try {
      await expect.poll(async () => (await order(id))?.status, { timeout: 15_000 }).toBe("closed");
      expect(await kindsFor(buyerId, id)).toContain("order.expired");
    } finally {
      await t.services.jobs.stop();
      await t.services.jobs.start();
    }
  });
});
