import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideDispute } from "../../core/disputes/index.ts";
import {
  adminActions,
  adverts,
  emailOutbox,
  notifications,
  orders,
  payments,
  simCharges,
  simRefunds,
} from "../../db/schema/index.ts";
import { DESCRIBE_THE_PROBLEM, DISPUTE_DECIDED, NO_DISPUTE } from "../../schemas/disputes.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { bookToMeet, type Client } from "../support/http.ts";
import { brokenMoneyInvariantsIn } from "../support/money-invariants.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { signedInAccount, signedInAccounts, signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Disputes over HTTP: the buyer reports a problem with photos, the seller answers, admins read every open one
 * and decide — a full refund, a partial one, or the sale released — with the money recorded at the provider.
 */

let t: TestApp;
let brandId: string;
let samId: string;
const as = {} as Record<"sam" | "rafi" | "ada" | "eve" | "stranger", Client>;
let photo: Buffer;
let ada: Awaited<ReturnType<typeof createUser>>;
let n = 0;
const PRICE = 40_000;
const GOOD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

const signedIn = (email: string) => signedInClient(t, email);

/** A new buyer's order for one of Sam's laptops, paid and handed over: its protection window is open. */
async function handedOver() {
  const { user, http } = await signedInAccount(t, { name: `Buyer ${++n}`, email: `dispute-buyer${n}@x.test` });
  const advert = await createAdvert(t, {
    sellerId: samId,
    brandId,
    name: `Laptop ${n}`,
    resalePriceCents: PRICE,
  });
  const booked = await bookToMeet(http, advert.id, "Gulshan 2");
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().id as string;
  const paid = await http.post(`/api/orders/${id}/pay`, { ...GOOD, attemptKey: `dispute-${id}` });
  expect(paid.statusCode, paid.body).toBe(200);
  const given = await as.sam.post(`/api/orders/${id}/handed-over`);
  expect(given.statusCode, given.body).toBe(204);
  return { id, user, http, advertId: advert.id };
}

function report(
  who: Client,
  orderId: string,
  fields: Record<string, string> = { reason: "does_not_work", description: "It does not turn on." },
  files: Parameters<typeof multipart>[1] = {},
) {
  const m = multipart(fields, files);
  return who.raw("POST", `/api/orders/${orderId}/dispute`, m.payload, m.headers);
}

function write(who: Client, orderId: string, body: string, files: Record<string, { name: string; data: Buffer }> = {}) {
  const m = multipart({ body }, files);
  return who.raw("POST", `/api/orders/${orderId}/dispute/messages`, m.payload, m.headers);
}

/** An order with an open dispute, and the dispute's id. */
async function disputed() {
  const order = await handedOver();
  const res = await report(order.http, order.id);
  expect(res.statusCode, res.body).toBe(201);
  return { ...order, disputeId: res.json().id as string };
}

const decide = (disputeId: string, body: unknown, who = as.ada) =>
  who.post(`/api/disputes/${disputeId}/decision`, body);

async function moneyOf(orderId: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error("no payment");
  const [charge] = await t.db.select().from(simCharges).where(eq(simCharges.id, payment.transactionId));
  const refunds = await t.db.select().from(simRefunds).where(eq(simRefunds.chargeId, payment.transactionId));
  return { payment, charge, refunds };
}

const kindsTold = async (userId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((row) => row.kind);

beforeAll(async () => {
  t = await startTestApp();
  // The job queue, not its workers: the test delivers the emails itself.
  await t.services.jobs.start();
  photo = await pngBytes();
  brandId = (await createBrand(t, "Lenovo")).id;
  const { users, clients } = await signedInAccounts(t, {
    sam: { name: "Sam Seller", email: "sam@x.test", role: "seller" },
    rafi: { name: "Rafi Reseller", email: "rafi@x.test", role: "seller" },
    ada: { name: "Ada Admin", email: "ada@x.test", role: "admin" },
    eve: { name: "Eve Admin", email: "eve@x.test", role: "admin" },
    stranger: { name: "Stan", email: "stan@x.test" },
  });
  Object.assign(as, clients);
  samId = users.sam.id;
  ada = users.ada;
});
afterAll(() => t?.close());

describe("reporting a problem", () => {
  it("opens a dispute with photos, moves the order to disputed and tells the seller", async () => {
    const order = await handedOver();
    const res = await report(
      order.http,
      order.id,
      { reason: "not_as_described", description: "The screen has a crack the advert did not show." },
      { photos: { name: "crack.png", data: photo } },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await order.http.get(`/api/orders/${order.id}`)).json().status).toBe("disputed");
    const dispute = (await order.http.get(`/api/orders/${order.id}/dispute`)).json();
    expect(dispute).toMatchObject({ id: res.json().id, reason: "not_as_described", decision: null, canWrite: true });
    expect(dispute.messages).toHaveLength(1);
    expect(dispute.messages[0]).toMatchObject({ side: "buyer", authorName: order.user.name });
    // The advert photos' pipeline: stored re-encoded as WebP, under its content hash.
    const [url] = dispute.messages[0].photoUrls as string[];
    expect(url).toMatch(/\.webp$/);
    const image = await t.app.inject({ method: "GET", url: url as string });
    expect(image.headers["content-type"]).toContain("image/webp");
    expect(await kindsTold(samId)).toContain("dispute.opened");
    // The timeline says who reported what.
    const events = (await as.sam.get(`/api/orders/${order.id}`)).json().events as { what: string; note: string }[];
    expect(events.at(-1)).toMatchObject({ what: "Reported a problem", note: "Not as described" });
  });

  it("is only for the order's buyer, once, within the protection window", async () => {
    const order = await handedOver();
    for (const who of [as.sam, as.rafi, as.stranger, as.ada])
      expect((await report(who, order.id)).statusCode).toBe(404);
    expect((await report(order.http, order.id)).statusCode).toBe(201);
    const again = await report(order.http, order.id);
    expect(again.statusCode).toBe(409);
    // A paid order not handed over yet is cancelled, not disputed.
    const email = `notyet${++n}@x.test`;
    await createUser(t, { name: "Not Yet", email });
    const buyer = await signedIn(email);
    const advert = await createAdvert(t, {
      sellerId: samId,
      brandId,
      name: "Not yet",
      resalePriceCents: PRICE,
    });
    const id = (
      await buyer.post("/api/orders", { advertId: advert.id, meetingLocation: "X", phone: "01712345678" })
    ).json().id;
    await buyer.post(`/api/orders/${id}/pay`, { ...GOOD, attemptKey: `notyet-${id}` });
    const early = await report(buyer, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/protection window/);
  });

  it("refuses bad input by field: no reason, an empty or overlong description, too many photos, not a picture", async () => {
    const order = await handedOver();
    const cases: [Record<string, string>, Parameters<typeof multipart>[1], string][] = [
      [{ description: "Broken" }, {}, "reason"],
      [{ reason: "other", description: " \u200b " }, {}, "description"],
      [{ reason: "other", description: "x".repeat(2001) }, {}, "description"],
      [{ reason: "nonsense", description: "Broken" }, {}, "reason"],
    ];
    for (const [fields, files, field] of cases) {
      const res = await report(order.http, order.id, fields, files);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
    expect((await report(order.http, order.id, { reason: "other", description: "" })).json().fields.description).toBe(
      DESCRIBE_THE_PROBLEM,
    );
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, data: photo }));
    const tooMany = await report(order.http, order.id, { reason: "other", description: "Six photos" }, { photos: six });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.photos).toMatch(/at most 5/);
    const notAPicture = await report(
      order.http,
      order.id,
      { reason: "other", description: "Here is a file" },
      { photos: { name: "x.png", data: Buffer.from("<script>alert(1)</script>") } },
    );
    expect(notAPicture.statusCode).toBe(400);
    expect(notAPicture.json().fields.photos).toMatch(/not a picture/);
    // Nothing was opened by the refusals.
    expect((await order.http.get(`/api/orders/${order.id}`)).json().status).toBe("handed_over");
  });
});

describe("the exchange", () => {
  it("the seller answers with a photo, the buyer adds to it; both and admins read it all, nobody else", async () => {
    const order = await disputed();
    const answered = await write(as.sam, order.id, "It worked when I handed it over.", {
      photos: { name: "working.png", data: await pngBytes("#3c3") },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(await kindsTold(order.user.id)).toContain("dispute.message");
    expect((await write(order.http, order.id, "Here is a second look.")).statusCode).toBe(201);
    for (const reader of [order.http, as.sam, as.ada]) {
      const res = await reader.get(`/api/orders/${order.id}/dispute`);
      expect(res.statusCode).toBe(200);
      const messages = res.json().messages as { side: string; authorName: string; photoUrls: string[] }[];
      expect(messages.map((m) => m.side)).toEqual(["buyer", "seller", "buyer"]);
      expect(messages[1]).toMatchObject({ authorName: "Sam Seller" });
      expect(messages[1]?.photoUrls).toHaveLength(1);
    }
    expect((await as.ada.get(`/api/orders/${order.id}/dispute`)).json().canWrite).toBe(false);
    for (const outsider of [as.rafi, as.stranger]) {
      const res = await outsider.get(`/api/orders/${order.id}/dispute`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NO_DISPUTE);
      expect((await write(outsider, order.id, "Me too")).statusCode).toBe(404);
    }
    // Admins read and decide; they do not write in it.
    expect((await write(as.ada, order.id, "Admin here")).statusCode).toBe(404);
    expect((await write(as.sam, order.id, "")).json().fields.body).toBeDefined();
  });

  it("an order without a problem reported has no dispute to read or write in", async () => {
    const order = await handedOver();
    expect((await order.http.get(`/api/orders/${order.id}/dispute`)).statusCode).toBe(404);
    expect((await write(order.http, order.id, "Hello")).statusCode).toBe(404);
  });
});

describe("admins decide", () => {
  it("lists every open dispute with both sides, the timeline and the exchange, keyset-paged", async () => {
    const order = await disputed();
    await write(as.sam, order.id, "My side.");
    expect((await as.sam.get("/api/disputes")).statusCode).toBe(403);
    const seen: { id: string; order: { id: string } }[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/disputes${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = (await as.ada.get(url)).json();
      seen.push(...page.items);
      cursor = page.next;
    } while (cursor);
    expect(new Set(seen.map((d) => d.id)).size).toBe(seen.length);
    const mine = seen.find((d) => d.order.id === order.id) as unknown as {
      order: { buyer: { name: string }; seller: { name: string }; chargedCents: number; events: { what: string }[] };
      messages: { side: string }[];
    };
    expect(mine.order).toMatchObject({
      buyer: { name: order.user.name },
      seller: { name: "Sam Seller" },
      chargedCents: PRICE,
    });
    expect(mine.order.events.map((e) => e.what)).toContain("Reported a problem");
    expect(mine.messages.map((m) => m.side)).toEqual(["buyer", "seller"]);
    expect((await as.ada.get("/api/disputes?cursor=bm9wZQ")).statusCode).toBe(400);
  });

  it("pages past ten open disputes", async () => {
    while (((await as.ada.get("/api/disputes")).json().items as unknown[]).length < 10) await disputed();
    await disputed();
    const first = (await as.ada.get("/api/disputes")).json();
    expect(first.items).toHaveLength(10);
    expect(first.next).toEqual(expect.any(String));
    const second = (await as.ada.get(`/api/disputes?cursor=${encodeURIComponent(first.next)}`)).json();
    expect(second.items.length).toBeGreaterThan(0);
    const firstIds = new Set(first.items.map((d: { id: string }) => d.id));
    expect(second.items.some((d: { id: string }) => firstIds.has(d.id))).toBe(false);
  });

  it("refunds the buyer in full: the provider returns the whole charge, the laptop stays off sale, both are told", async () => {
    const order = await disputed();
    const res = await decide(order.disputeId, { decision: "refund", reason: "The laptop does not start." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: "refunded" });
    const { payment, charge, refunds } = await moneyOf(order.id);
    expect(payment).toMatchObject({ status: "refunded", refundCents: PRICE });
    expect(charge?.amountRefundedCents).toBe(PRICE);
    expect(refunds.map((r) => r.amountCents)).toEqual([PRICE]);
    // Handed over: the laptop is in the buyer's hands, not back in the catalogue.
    const [advert] = await t.db.select().from(adverts).where(eq(adverts.id, order.advertId));
    expect(advert?.status).not.toBe("available");
    expect(await kindsTold(order.user.id)).toContain("dispute.decided");
    expect(await kindsTold(samId)).toContain("dispute.decided");
    // The admin's reason ends with its own full stop: quoted, it is not followed by a second one.
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, order.user.id), eq(notifications.kind, "dispute.decided")));
    expect(told?.body).toMatch(/ Reason: “The laptop does not start\.” Order RL-\w{6}\.$/);
    // Emailed too: rendered at delivery (kept, with no SMTP_URL), one to each of them.
    await t.services.notifications.deliverEmailsNow();
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "dispute.decided"),
          eq(emailOutbox.subject, `The problem reported on Laptop ${n} is decided`),
        ),
      );
    expect(mails.map((m) => m.status)).toEqual(["kept", "kept"]);
    const audit = await t.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.targetId, order.id), eq(adminActions.action, "dispute.refund")));
    expect(audit).toHaveLength(1);
    const dispute = (await order.http.get(`/api/orders/${order.id}/dispute`)).json();
    expect(dispute).toMatchObject({
      decision: "refund",
      refundCents: PRICE,
      decisionReason: "The laptop does not start.",
    });
    expect(dispute.canWrite).toBe(false);
    expect((await write(order.http, order.id, "Thanks")).statusCode).toBe(409);
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });

  it("refunds part: the provider returns that amount, the sale stands and completes", async () => {
    const order = await disputed();
    const res = await decide(order.disputeId, {
      decision: "partial_refund",
      amountCents: 12_345,
      reason: "A dented corner: part of the price back.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: "completed" });
    const { payment, charge, refunds } = await moneyOf(order.id);
    expect(payment).toMatchObject({ status: "succeeded", refundCents: 12_345, refundId: refunds[0]?.id });
    expect(charge?.amountRefundedCents).toBe(12_345);
    expect(refunds.map((r) => r.amountCents)).toEqual([12_345]);
    const detail = (await as.sam.get(`/api/orders/${order.id}`)).json();
    expect(detail.status).toBe("completed");
    expect(detail.events.map((e: { what: string }) => e.what)).toEqual(
      expect.arrayContaining(["Decided the dispute: a partial refund", "Refunded in part"]),
    );
    const decided = detail.events.find((e: { what: string }) => e.what === "Decided the dispute: a partial refund");
    expect(decided).toMatchObject({ who: "Ada Admin", note: "A dented corner: part of the price back." });
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });

  it("releases to the seller: the order completes and no money moves", async () => {
    const order = await disputed();
    const res = await decide(order.disputeId, { decision: "release", reason: "It works as described." });
    expect(res.json()).toEqual({ status: "completed" });
    const { payment, refunds } = await moneyOf(order.id);
    expect(payment).toMatchObject({ status: "succeeded", refundCents: null });
    expect(refunds).toEqual([]);
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });

  it("refuses a bad partial refund by name, and any decision but an admin's", async () => {
    const order = await disputed();
    const bad: [unknown, string][] = [
      [{ decision: "partial_refund", amountCents: PRICE + 1, reason: "Too much" }, "amountCents"],
      [{ decision: "partial_refund", amountCents: PRICE, reason: "All of it" }, "amountCents"],
      [{ decision: "partial_refund", amountCents: 0, reason: "Nothing" }, "amountCents"],
      [{ decision: "partial_refund", amountCents: -100, reason: "Negative" }, "amountCents"],
      [{ decision: "partial_refund", amountCents: 12.5, reason: "Half a cent" }, "amountCents"],
      [{ decision: "partial_refund", amountCents: "100", reason: "Text" }, "amountCents"],
      [{ decision: "partial_refund", reason: "No amount" }, "amountCents"],
      [{ decision: "refund", reason: "  " }, "reason"],
      [{ decision: "refund_twice", reason: "Nope" }, "decision"],
    ];
    for (const [body, field] of bad) {
      const res = await decide(order.disputeId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await decide(order.disputeId, { decision: "release", reason: "x" }, as.sam)).statusCode).toBe(403);
    expect((await decide(order.disputeId, { decision: "release", reason: "x" }, order.http)).statusCode).toBe(403);
    expect((await decide(crypto.randomUUID(), { decision: "release", reason: "x" })).statusCode).toBe(404);
    // Nothing moved: the dispute is still open.
    expect((await as.sam.get(`/api/orders/${order.id}`)).json().status).toBe("disputed");
    // Decided, it cannot be decided again — not even a partial refund within the charge.
    expect((await decide(order.disputeId, { decision: "release", reason: "Fine" })).statusCode).toBe(200);
    const again = await decide(order.disputeId, { decision: "partial_refund", amountCents: 100, reason: "More" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DISPUTE_DECIDED);
  });

  it("two admins deciding at once: one wins, the other is told it is decided", async () => {
    for (let round = 0; round < 3; round++) {
      const order = await disputed();
      const answers = await Promise.all([
        decide(order.disputeId, { decision: "refund", reason: "Ada: refund" }, as.ada),
        decide(order.disputeId, { decision: "release", reason: "Eve: release" }, as.eve),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((a) => a.statusCode === 409);
      expect(lost?.json().message).toBe(DISPUTE_DECIDED);
      const { refunds } = await moneyOf(order.id);
      expect(refunds.length).toBeLessThanOrEqual(1);
    }
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });

  it("a partial refund a crash interrupted is finished by the sweep, with the same amount", async () => {
    const order = await disputed();
    // The provider cannot be reached: the order is left refunding, its amount on the payment.
    const unreachable = { finishRefund: async () => false };
    const answer = await decideDispute(t.db, unreachable, ada, order.disputeId, {
      decision: "partial_refund",
      amountCents: 5_000,
      reason: "Scratches",
    });
    expect(answer).toEqual({ status: "refunding" });
    const [inFlight] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(inFlight?.status).toBe("refunding");
    await t.services.orders.reconcile(0);
    const { payment, refunds } = await moneyOf(order.id);
    expect(refunds.map((r) => r.amountCents)).toEqual([5_000]);
    expect(payment).toMatchObject({ status: "succeeded", refundCents: 5_000 });
    expect((await as.sam.get(`/api/orders/${order.id}`)).json().status).toBe("completed");
    // The sweep again finds nothing to do, and the ledger holds one refund.
    await t.services.orders.reconcile(0);
    expect((await moneyOf(order.id)).refunds).toHaveLength(1);
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });
});
