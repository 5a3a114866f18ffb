import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { brokenMoneyInvariantsIn } from "../support/money-invariants.ts";
import { multipart } from "../support/multipart.ts";
import { signedInAccount, signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Two actions of one buyer on one order at the same moment (two tabs, a quick double press): whatever
 * wins, the order ends in a state the money agrees with. On PostgreSQL the requests really overlap;
 * PGlite's one connection serialises them, so there these tests check the same rules in sequence.
 */
let t: TestApp;
let brandId: string;
let sellerId: string;
let buyerN = 0;

const GOOD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
const key = () => `attempt-${Math.random().toString(36).slice(2, 12)}`;

const newBuyer = async () =>
  (await signedInAccount(t, { name: `Racer ${++buyerN}`, email: `racer${buyerN}@x.test` })).http;
async function paidOrder(buyer: Client) {
  const advert = await createAdvert(t, { sellerId, brandId, name: "Race laptop", resalePriceCents: 40_000 });
  const id = (
    await buyer.post("/api/orders", { advertId: advert.id, meetingLocation: "Gulshan", phone: "01712345678" })
  ).json().id as string;
  return { id, advertId: advert.id };
}
const chargesOf = async (orderId: string) =>
  (
    (await t.db.execute(sql`
      select c.amount_cents as amount, c.amount_refunded_cents as refunded
      from sim_charges c join sim_payment_intents i on i.id = c.intent_id where i.order_id = ${orderId}`)) as unknown as {
      rows: { amount: number; refunded: number }[];
    }
  ).rows;

beforeAll(async () => {
  t = await startTestApp();
  brandId = (await createBrand(t, "Dell")).id;
  sellerId = (await createUser(t, { name: "Sam Seller", email: "seller@x.test", role: "seller" })).id;
});
afterAll(() => t?.close());

describe("two actions of one buyer on one order at the same moment", () => {
  it("cancel and confirm receipt: a refund taken from the card always means a refunded order", async () => {
    const buyer = await newBuyer();
    for (let round = 0; round < 12; round++) {
      const order = await paidOrder(buyer);
      expect((await buyer.post(`/api/orders/${order.id}/pay`, { ...GOOD, attemptKey: key() })).statusCode).toBe(200);
      const [cancel, receipt] = await Promise.all([
        buyer.post(`/api/orders/${order.id}/cancel`),
        buyer.post(`/api/orders/${order.id}/receipt`),
      ]);
      expect(cancel.statusCode).toBeLessThan(500);
      expect(receipt.statusCode).toBeLessThan(500);
      // Exactly one of them wins; the other is told why it cannot happen now.
      expect([cancel.statusCode === 200, receipt.statusCode === 204].filter(Boolean)).toHaveLength(1);
      const status = (await buyer.get(`/api/orders/${order.id}`)).json().status;
      const [charge] = await chargesOf(order.id);
      const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
      if (cancel.statusCode === 200) {
        expect(status).toBe("refunded");
        expect(charge?.refunded).toBe(charge?.amount);
        expect(payment?.status).toBe("refunded");
      } else {
        expect(status).toBe("handed_over");
        expect(charge?.refunded).toBe(0);
        expect(payment?.status).toBe("succeeded");
      }
    }
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });

  it("twenty payments of one order with twenty attempt keys (two tabs) charge the card once", async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buyer.post(`/api/orders/${order.id}/pay`, { ...GOOD, attemptKey: key() })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toBe("A payment for this order is already in progress. Wait a moment.");
    }
    expect(await chargesOf(order.id)).toEqual([{ amount: 40_000, refunded: 0 }]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("paid");
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });

  it("cancel twice at once refunds once", async () => {
    const buyer = await newBuyer();
    const order = await paidOrder(buyer);
    await buyer.post(`/api/orders/${order.id}/pay`, { ...GOOD, attemptKey: key() });
    const codes = (
      await Promise.all([buyer.post(`/api/orders/${order.id}/cancel`), buyer.post(`/api/orders/${order.id}/cancel`)])
    ).map((a) => a.statusCode);
    expect(codes).toContain(200);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    expect(await chargesOf(order.id)).toEqual([{ amount: 40_000, refunded: 40_000 }]);
    expect((await buyer.get(`/api/orders/${order.id}`)).json().status).toBe("refunded");
  });
});

/**
 * A deadline and a person at the same moment: the deadlines job (given a clock past the deadline) against the
 * buyer's "Everything is fine", the seller's handover, the seller deleting the laptop. One of each pair wins,
 * once; the other is refused or finds nothing to do, and the money agrees.
 */
describe("a deadline and a person at the same moment", () => {
  const HOUR = 3_600_000;
  const later = (hours: number) => new Date(Date.now() + hours * HOUR);
  let seller: Client;
  beforeAll(async () => {
    seller = await signedInClient(t, "seller@x.test");
  });
  const eventsOf = async (orderId: string) =>
    (
      (await t.db.execute(
        sql`select transition from order_events where order_id = ${orderId} order by created_at, id`,
      )) as unknown as { rows: { transition: string }[] }
    ).rows.map((r) => r.transition);
  const paid = async (buyer: Client) => {
    const order = await paidOrder(buyer);
    expect((await buyer.post(`/api/orders/${order.id}/pay`, { ...GOOD, attemptKey: key() })).statusCode).toBe(200);
    return order;
  };

  it("the protection window's end and Everything is fine: completed once, the seller told once", async () => {
    const buyer = await newBuyer();
    for (let round = 0; round < 6; round++) {
      const { id } = await paid(buyer);
      expect((await seller.post(`/api/orders/${id}/handed-over`)).statusCode).toBe(204);
      const [accepted] = await Promise.all([
        buyer.post(`/api/orders/${id}/accept`),
        t.services.orders.applyDeadlinesNow(later(73)),
      ]);
      expect([204, 409]).toContain(accepted.statusCode);
      expect((await buyer.get(`/api/orders/${id}`)).json().status).toBe("completed");
      const endings = (await eventsOf(id)).filter((e) => e === "accept" || e === "complete");
      expect(endings).toEqual([accepted.statusCode === 204 ? "accept" : "complete"]);
      const told = await t.db.execute(
        sql`select count(*)::int as n from notifications where subject_id = ${id} and kind = 'order.completed'`,
      );
      expect((told as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    }
  });

  /** Report a problem, as the order's page posts it (multipart, no photos). */
  const report = (buyer: Client, id: string) => {
    const m = multipart({ reason: "does_not_work", description: "It does not turn on." });
    return buyer.raw("POST", `/api/orders/${id}/dispute`, m.payload, m.headers);
  };

  it("Report a problem and the window's end, and Report a problem and Everything is fine: disputed or completed, never both", async () => {
    const buyer = await newBuyer();
    for (let round = 0; round < 8; round++) {
      const { id } = await paid(buyer);
      expect((await seller.post(`/api/orders/${id}/handed-over`)).statusCode).toBe(204);
      const other =
        round % 2 === 0
          ? t.services.orders.applyDeadlinesNow(later(73)).then(() => null)
          : buyer.post(`/api/orders/${id}/accept`);
      const [reported, accepted] = await Promise.all([report(buyer, id), other]);
      expect(reported.statusCode).toBeLessThan(500);
      const status = (await buyer.get(`/api/orders/${id}`)).json().status;
      if (reported.statusCode === 201 || reported.statusCode === 200 || reported.statusCode === 204) {
        expect(status).toBe("disputed");
        if (accepted) expect(accepted.statusCode).toBe(409);
      } else {
        expect(reported.statusCode).toBe(409);
        expect(status).toBe("completed");
      }
      // The money waits for an admin's decision, or the sale is final: nothing moved either way.
      const [charge] = await chargesOf(id);
      expect(charge?.refunded).toBe(0);
    }
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });

  it("the handover's deadline and the seller's handover: handed over, or refunded in full, never both", async () => {
    const buyer = await newBuyer();
    for (let round = 0; round < 6; round++) {
      const { id } = await paid(buyer);
      const [handover] = await Promise.all([
        seller.post(`/api/orders/${id}/handed-over`),
        t.services.orders.applyDeadlinesNow(later(24 * 7 + 1)),
      ]);
      const status = (await buyer.get(`/api/orders/${id}`)).json().status;
      const [charge] = await chargesOf(id);
      if (handover.statusCode === 204) {
        // The job's clock is a week ahead, past the new protection window too: it may complete it at once.
        expect(["handed_over", "completed"]).toContain(status);
        expect(charge?.refunded).toBe(0);
      } else {
        expect(handover.statusCode).toBe(409);
        expect(status).toBe("refunded");
        expect(charge?.refunded).toBe(charge?.amount);
      }
    }
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });

  it("an unpaid booking's deadline and its seller deleting the laptop: the booking ends once, the laptop gone", async () => {
    const buyer = await newBuyer();
    for (let round = 0; round < 6; round++) {
      const { id, advertId } = await paidOrder(buyer);
      const [deleted] = await Promise.all([
        seller.raw("DELETE", `/api/adverts/${advertId}`),
        t.services.orders.applyDeadlinesNow(later(49)),
      ]);
      expect(deleted.statusCode).toBe(204);
      const order = (await buyer.get(`/api/orders/${id}`)).json();
      expect(["closed", "withdrawn"]).toContain(order.status);
      expect((await eventsOf(id)).filter((e) => e === "lapse" || e === "withdraw")).toHaveLength(1);
      const [advert] = (
        (await t.db.execute(sql`select status from adverts where id = ${advertId}`)) as unknown as {
          rows: { status: string }[];
        }
      ).rows;
      expect(advert?.status).toBe("withdrawn");
    }
  });

  it("the deadlines job and an admin deleting the seller's account: a booking ends once, a paid order is refunded once, the deletion refused while it is not finished", async () => {
    const buyer = await newBuyer();
    const admin = await createUser(t, { name: "Ada Admin", email: "race-admin@x.test", role: "admin" });
    for (let round = 0; round < 4; round++) {
      const gone = await createUser(t, { name: `Gone ${round}`, email: `gone${round}@x.test`, role: "seller" });
      const laptopOf = () =>
        createAdvert(t, { sellerId: gone.id, brandId, name: "Race laptop", resalePriceCents: 40_000 });
      const book = async (advertId: string) =>
        (await buyer.post("/api/orders", { advertId, meetingLocation: "Gulshan", phone: "01712345678" })).json()
          .id as string;
      const booked = await book((await laptopOf()).id);
      const paidId = await book((await laptopOf()).id);
      expect((await buyer.post(`/api/orders/${paidId}/pay`, { ...GOOD, attemptKey: key() })).statusCode).toBe(200);
      // Past the booking's end and the handover's: the job and the deletion race for both orders.
      // The deletion is refused while the paid order is not finished (refunding counts), naming it; it goes
      // through only once the refund has landed.
      const [deletion] = await Promise.allSettled([
        t.services.moderation.people.deactivate(admin, gone.id),
        t.services.orders.applyDeadlinesNow(later(24 * 7 + 1)),
      ]);
      if (deletion.status === "rejected") {
        const [paid] = await t.db.select({ number: orders.number }).from(orders).where(eq(orders.id, paidId));
        expect(deletion.reason).toMatchObject({
          code: "CONFLICT",
          message: expect.stringContaining(paid?.number ?? "?"),
        });
        // The job passes over what the refused deletion held locked: its next run ends the booking.
        if ((await buyer.get(`/api/orders/${booked}`)).json().status === "booked") {
          await t.services.orders.applyDeadlinesNow(later(24 * 7 + 2));
        }
      }
      expect(["closed", "withdrawn"]).toContain((await buyer.get(`/api/orders/${booked}`)).json().status);
      expect((await eventsOf(booked)).filter((e) => e === "lapse" || e === "withdraw")).toHaveLength(1);
      // The sale is left to its timers: the buyer is refunded by the handover's deadline.
      if ((await buyer.get(`/api/orders/${paidId}`)).json().status !== "refunded") {
        await t.services.orders.applyDeadlinesNow(later(24 * 7 + 2));
      }
      expect((await buyer.get(`/api/orders/${paidId}`)).json().status).toBe("refunded");
      expect(await chargesOf(paidId)).toEqual([{ amount: 40_000, refunded: 40_000 }]);
    }
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });
});
