import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_HOLD_AT_A_TIME } from "../../core/orders/payment-steps.ts";
import { adverts, orders, payments, simRefunds } from "../../db/schema/index.ts";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "../../seed/demo.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { startFakeStripe, stripeEnv } from "../support/fake-stripe.ts";
import { client } from "../support/http.ts";
import { multipart } from "../support/multipart.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const WEBHOOK_SECRET = "whsec_test_relaptop";
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;
let brandId: string;
let sellerId: string;
let n = 0;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp(stripeEnv(stripe.apiBase, WEBHOOK_SECRET));
  brandId = (await createBrand(t, "Dell")).id;
  sellerId = (await createUser(t, { name: "S", email: "s@x.test", role: "seller" })).id;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function buyerWithOrder(priceCents = 70_000, advertId?: string) {
  const email = `b${++n}@x.test`;
  await createUser(t, { name: `B${n}`, email });
  const c = await signedInClient(t, email);
  const id =
    advertId ?? (await createAdvert(t, { sellerId, brandId, name: `XPS ${n}`, resalePriceCents: priceCents })).id;
  const orderId = (
    await c.post("/api/orders", { advertId: id, meetingLocation: "Mirpur", phone: "01700000000" })
  ).json().id as string;
  return { c, orderId, advertId: id };
}

/** The same buyer books a second laptop: that laptop and the order's id. */
async function anotherOrderOf(buyer: Awaited<ReturnType<typeof buyerWithOrder>>, name: string, priceCents: number) {
  const other = await createAdvert(t, { sellerId, brandId, name, resalePriceCents: priceCents });
  const orderId = (
    await buyer.c.post("/api/orders", { advertId: other.id, meetingLocation: "Mirpur", phone: "01700000000" })
  ).json().id as string;
  return { advertId: other.id, orderId };
}

function deliver(type: string, object: Record<string, unknown>, signature?: string) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    data: { object },
  });
  const header = signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return t.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    payload,
    headers: { "content-type": "application/json", "stripe-signature": header },
  });
}

describe("Stripe payments", () => {
  it("creates one payment intent per order for the server's price", async () => {
    const { c, orderId } = await buyerWithOrder(70_000);
    const first = (await c.post(`/api/orders/${orderId}/payment-intent`, { amount: 1 })).json();
    expect(first).toMatchObject({ status: "requires_payment", publishableKey: "pk_test_relaptop" });
    const again = (await c.post(`/api/orders/${orderId}/payment-intent`)).json();
    expect(again.clientSecret).toBe(first.clientSecret);
    const intent = [...stripe.intents.values()].find((i) => i.metadata.orderId === orderId);
    expect(intent).toMatchObject({ amount: 70_000, currency: "usd" });
    expect(
      (
        await c.post(`/api/orders/${orderId}/pay`, {
          cardNumber: "4242424242424242",
          expiry: "12/34",
          cvc: "123",
          attemptKey: "abcdefgh",
        })
      ).statusCode,
    ).toBe(409);
  });

  it("refuses webhooks without a valid signature", async () => {
    const res = await deliver("payment_intent.succeeded", { id: "pi_x" }, "t=1,v1=deadbeef");
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("BAD_SIGNATURE");
  });

  it("records one payment however often and in whatever order the events come", async () => {
    const { c, orderId, advertId } = await buyerWithOrder(55_000);
    const { clientSecret } = (await c.post(`/api/orders/${orderId}/payment-intent`)).json();
    const intentId = String(clientSecret).split("_secret_")[0] as string;
    // A success event for an intent Stripe does not yet call succeeded records nothing (the event is only a trigger).
    expect((await deliver("payment_intent.succeeded", { id: intentId, metadata: { orderId } })).statusCode).toBe(200);
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("booked");

    stripe.succeed(intentId);
    const deliveries = await Promise.all(
      Array.from({ length: 10 }, () => deliver("payment_intent.succeeded", { id: intentId, metadata: { orderId } })),
    );
    expect(deliveries.every((d) => d.statusCode === 200)).toBe(true);
    await deliver("payment_intent.payment_failed", { id: intentId, metadata: { orderId } }); // late and out of order
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("paid");
    const [row] = await t.db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId));
    expect(Number(row?.n)).toBe(1);
    const [advert] = await t.db.select().from(adverts).where(eq(adverts.id, advertId));
    expect(advert?.status).toBe("sold");
  });

  it("settles right after the browser confirms, checking with Stripe rather than the caller", async () => {
    const { c, orderId } = await buyerWithOrder();
    const { clientSecret } = (await c.post(`/api/orders/${orderId}/payment-intent`)).json();
    const intentId = String(clientSecret).split("_secret_")[0];
    expect((await c.post(`/api/orders/${orderId}/payment-intent/${intentId}/settle`)).json()).toEqual({
      status: "pending",
    });
    stripe.succeed(intentId as string);
    const other = await buyerWithOrder();
    expect((await other.c.post(`/api/orders/${other.orderId}/payment-intent/${intentId}/settle`)).statusCode).toBe(404);
    expect((await c.post(`/api/orders/${orderId}/payment-intent/${intentId}/settle`)).json()).toEqual({
      status: "paid",
    });
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("paid");
  });

  it("refunds through Stripe when a paid order is cancelled", async () => {
    const { c, orderId } = await buyerWithOrder();
    const { clientSecret } = (await c.post(`/api/orders/${orderId}/payment-intent`)).json();
    const intentId = String(clientSecret).split("_secret_")[0] as string;
    stripe.succeed(intentId);
    await deliver("payment_intent.succeeded", { id: intentId, metadata: { orderId } });
    expect((await c.post(`/api/orders/${orderId}/cancel`)).json()).toEqual({ status: "refunded" });
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });

  it("refunds the part an admin decided on a dispute, and Stripe's charge.refunded for it leaves the sale standing", async () => {
    const { c, orderId } = await buyerWithOrder(70_000);
    const { clientSecret } = (await c.post(`/api/orders/${orderId}/payment-intent`)).json();
    const intentId = String(clientSecret).split("_secret_")[0] as string;
    stripe.succeed(intentId);
    await deliver("payment_intent.succeeded", { id: intentId, metadata: { orderId } });
    const seller = { id: sellerId, role: "seller", actingAsSeller: true } as never;
    await t.services.orders.handOver(seller, orderId);
    const report = multipart({ reason: "not_as_described", description: "A dent on the lid." });
    const reported = await c.raw("POST", `/api/orders/${orderId}/dispute`, report.payload, report.headers);
    expect(reported.statusCode).toBe(201);
    const admin = await createUser(t, { name: "A", email: `a${++n}@x.test`, role: "admin" });
    const decided = await t.services.disputes.decide(admin, reported.json().id, {
      decision: "partial_refund",
      amountCents: 7_500,
      reason: "A dent the photos did not show.",
    });
    expect(decided).toEqual({ status: "completed" });
    const made = stripe.refunds.filter((r) => r.payment_intent === intentId);
    expect(made.map((r) => r.amount)).toEqual([7_500]);
    // Stripe tells us of the refund we made (a partial one is a charge.refunded too): the sale stands.
    await deliver("charge.refunded", {
      id: "ch_part",
      payment_intent: intentId,
      refunds: { data: [{ id: made[0]?.id }] },
    });
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("completed");
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: "succeeded", refundCents: 7_500, refundId: made[0]?.id });
  });

  it("a partial refund and Stripe's webhook for it at the same moment: the sale stands, the part recorded once", async () => {
    const { c, orderId } = await buyerWithOrder(60_000);
    const { clientSecret } = (await c.post(`/api/orders/${orderId}/payment-intent`)).json();
    const intentId = String(clientSecret).split("_secret_")[0] as string;
    stripe.succeed(intentId);
    await deliver("payment_intent.succeeded", { id: intentId, metadata: { orderId } });
    const seller = { id: sellerId, role: "seller", actingAsSeller: true } as never;
    await t.services.orders.handOver(seller, orderId);
    const report = multipart({ reason: "does_not_work", description: "The fan rattles." });
    const reported = await c.raw("POST", `/api/orders/${orderId}/dispute`, report.payload, report.headers);
    const admin = await createUser(t, { name: "A", email: `a${++n}@x.test`, role: "admin" });
    // Stripe tells us of the refund while the decision still waits for Stripe's answer to it.
    const webhooks: number[] = [];
    stripe.beforeRefundAnswered(async (made) => {
      const res = await deliver("charge.refunded", {
        id: "ch_race",
        payment_intent: made.payment_intent,
        refunds: { data: [{ id: made.id }] },
      });
      webhooks.push(res.statusCode);
    });
    try {
      const decided = await t.services.disputes.decide(admin, reported.json().id, {
        decision: "partial_refund",
        amountCents: 5_000,
        reason: "A noisy fan, otherwise as described.",
      });
      expect(decided).toEqual({ status: "completed" });
    } finally {
      stripe.beforeRefundAnswered(undefined);
    }
    expect(webhooks).toEqual([200]);
    const made = stripe.refunds.filter((r) => r.payment_intent === intentId);
    expect(made.map((r) => r.amount)).toEqual([5_000]);
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("completed");
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: "succeeded", refundCents: 5_000, refundId: made[0]?.id });
  });

  it("follows a refund made in Stripe's dashboard", async () => {
    const { c, orderId, advertId } = await buyerWithOrder();
    const { clientSecret } = (await c.post(`/api/orders/${orderId}/payment-intent`)).json();
    const intentId = String(clientSecret).split("_secret_")[0] as string;
    stripe.succeed(intentId);
    await deliver("payment_intent.succeeded", { id: intentId, metadata: { orderId } });
    for (let i = 0; i < 3; i++) {
      const res = await deliver("charge.refunded", {
        id: "ch_1",
        payment_intent: intentId,
        refunds: { data: [{ id: "re_dash" }] },
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("refunded");
    const [advert] = await t.db.select().from(adverts).where(eq(adverts.id, advertId));
    expect(advert?.status).toBe("available");
  });

  it("follows a dashboard refund that arrives before the success event, and ignores the late success", async () => {
    const { c, orderId, advertId } = await buyerWithOrder();
    const { clientSecret } = (await c.post(`/api/orders/${orderId}/payment-intent`)).json();
    const intentId = String(clientSecret).split("_secret_")[0] as string;
    stripe.succeed(intentId);
    const refundId = stripe.refundInDashboard(intentId);
    const refunded = await deliver("charge.refunded", {
      id: "ch_2",
      payment_intent: intentId,
      refunds: { data: [{ id: refundId }] },
    });
    expect(refunded.statusCode).toBe(200);
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("refunded");
    const late = await Promise.all(
      Array.from({ length: 10 }, () => deliver("payment_intent.succeeded", { id: intentId, metadata: { orderId } })),
    );
    expect(late.map((d) => d.statusCode)).toEqual(Array(10).fill(200));
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("refunded");
    const recorded = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(recorded.map((p) => [p.status, p.refundId])).toEqual([["refunded", refundId]]);
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    const [advert] = await t.db.select().from(adverts).where(eq(adverts.id, advertId));
    expect(advert?.status).toBe("available");
  });

  it("answers 503 to an event it cannot record while the database is away, so Stripe delivers it again", async () => {
    const { c, orderId } = await buyerWithOrder();
    const { clientSecret } = (await c.post(`/api/orders/${orderId}/payment-intent`)).json();
    const intentId = String(clientSecret).split("_secret_")[0] as string;
    stripe.succeed(intentId);
    const settle = t.services.orders.settleIntent;
    t.services.orders.settleIntent = async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    };
    try {
      const away = await deliver("payment_intent.succeeded", { id: intentId, metadata: { orderId } });
      expect(away.statusCode).toBe(503);
    } finally {
      t.services.orders.settleIntent = settle;
    }
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("booked");
    expect((await deliver("payment_intent.succeeded", { id: intentId, metadata: { orderId } })).statusCode).toBe(200);
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("paid");
  });

  it("holds the laptop for the first buyer who starts paying; a buyer whose late payment loses is refunded", async () => {
    const first = await buyerWithOrder();
    const second = await buyerWithOrder(0, first.advertId);
    const a = (await first.c.post(`/api/orders/${first.orderId}/payment-intent`)).json();
    const blocked = await second.c.post(`/api/orders/${second.orderId}/payment-intent`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      "Another buyer is paying for this laptop right now. Try again in a few minutes.",
    );

    // The first buyer gives up (Stripe reports the failure): the laptop is free again.
    const firstIntent = String(a.clientSecret).split("_secret_")[0] as string;
    await deliver("payment_intent.payment_failed", { id: firstIntent, metadata: { orderId: first.orderId } });
    const b = (await second.c.post(`/api/orders/${second.orderId}/payment-intent`)).json();
    const secondIntent = String(b.clientSecret).split("_secret_")[0] as string;
    stripe.succeed(secondIntent);
    await deliver("payment_intent.succeeded", { id: secondIntent, metadata: { orderId: second.orderId } });
    expect((await second.c.get(`/api/orders/${second.orderId}`)).json().status).toBe("paid");

    // The first buyer's card goes through after all, too late: their money goes straight back.
    stripe.succeed(firstIntent);
    await deliver("payment_intent.succeeded", { id: firstIntent, metadata: { orderId: first.orderId } });
    expect(stripe.refunds.map((r) => r.payment_intent)).toContain(firstIntent);
    const [firstOrder] = await t.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(firstOrder?.status).toBe("closed");
  });

  it("holds one laptop per buyer at a time, and asking again does not renew the hold", async () => {
    const first = await buyerWithOrder();
    const { advertId: otherId, orderId: secondOrder } = await anotherOrderOf(first, "Second", 50_000);
    expect((await first.c.post(`/api/orders/${first.orderId}/payment-intent`)).statusCode).toBe(200);
    const held = async () =>
      (await t.db.select().from(adverts).where(eq(adverts.id, first.advertId)))[0]?.reservedUntil;
    const until = await held();
    expect(until?.getTime()).toBeGreaterThan(Date.now());

    const second = await first.c.post(`/api/orders/${secondOrder}/payment-intent`);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ONE_HOLD_AT_A_TIME);
    const [otherAdvert] = await t.db.select().from(adverts).where(eq(adverts.id, otherId));
    expect(otherAdvert?.reservedByOrderId).toBeNull();

    expect((await first.c.post(`/api/orders/${first.orderId}/payment-intent`)).statusCode).toBe(200);
    expect((await held())?.getTime()).toBe(until?.getTime());
  });

  it("does not let a lapsed hold come back while the buyer holds another laptop", async () => {
    const first = await buyerWithOrder();
    const { orderId: secondOrder } = await anotherOrderOf(first, "Third", 40_000);
    expect((await first.c.post(`/api/orders/${first.orderId}/payment-intent`)).statusCode).toBe(200);
    // The buyer walked away: the first hold lapsed, and they pressed Pay on the other laptop.
    await t.db
      .update(adverts)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(adverts.id, first.advertId));
    expect((await first.c.post(`/api/orders/${secondOrder}/payment-intent`)).statusCode).toBe(200);

    const again = await first.c.post(`/api/orders/${first.orderId}/payment-intent`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ONE_HOLD_AT_A_TIME);
    const [lapsed] = await t.db.select().from(adverts).where(eq(adverts.id, first.advertId));
    expect(lapsed?.reservedUntil?.getTime()).toBeLessThan(Date.now());
  });

  it("seeds the demo marketplace, its sale paid with the test card, and refunds that sale the same way", async () => {
    const fresh = await startTestApp(stripeEnv(stripe.apiBase, WEBHOOK_SECRET));
    try {
      expect(await seedDemoIfEmpty(fresh)).toBe(true);
      // The demo's sale still waiting for its handover (the others were handed over: no longer cancelled).
      const [{ sale } = { sale: undefined }] = await fresh.runtime.db
        .select({ sale: payments })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(orders.status, "paid"));
      expect(sale).toMatchObject({ provider: "simulated", status: "succeeded" });
      const buyer = client(fresh);
      await buyer.signIn(DEMO_ACCOUNTS.buyer);
      expect((await buyer.post(`/api/orders/${sale?.orderId}/cancel`)).json()).toEqual({ status: "refunded" });
      const refunds = await fresh.runtime.db.select().from(simRefunds);
      expect(refunds.map((r) => r.chargeId)).toEqual([sale?.transactionId]);
      expect(stripe.refunds.map((r) => r.payment_intent)).not.toContain(sale?.transactionId);
    } finally {
      await fresh.close();
    }
  });

  it("lets an admin remove a laptop a buyer is paying for: the payment, when it lands, is refunded", async () => {
    const { c, orderId, advertId } = await buyerWithOrder();
    const { clientSecret } = (await c.post(`/api/orders/${orderId}/payment-intent`)).json();
    const intentId = String(clientSecret).split("_secret_")[0] as string;
    await createUser(t, { name: "Ada", email: `admin${n}@x.test`, role: "admin" });
    const admin = await signedInClient(t, `admin${n}@x.test`);
    // The seller must wait for the payment; an admin does not (decision 8).
    const seller = await signedInClient(t, "s@x.test");
    expect((await seller.raw("DELETE", `/api/adverts/${advertId}`)).statusCode).toBe(409);
    expect((await admin.post(`/api/adverts/${advertId}/removal`, { reason: "Stolen goods" })).statusCode).toBe(204);

    stripe.succeed(intentId);
    await deliver("payment_intent.succeeded", { id: intentId, metadata: { orderId } });
    expect(stripe.refunds.map((r) => r.payment_intent)).toContain(intentId);
    expect((await c.get(`/api/orders/${orderId}`)).json().status).toBe("withdrawn");
    const [advert] = await t.db.select().from(adverts).where(eq(adverts.id, advertId));
    expect(advert?.status).toBe("withdrawn");
  });
});
