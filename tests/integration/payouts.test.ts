import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollUpLedgerDays } from "../../core/ledger/index.ts";
import { configurePlatformFee } from "../../core/orders/index.ts";
import { notifications, orders, payments, payouts, simTransfers } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createCompletedOrder, createPaidOrder, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { brokenMoneyInvariantsIn } from "../support/money-invariants.ts";
import { signedInAccount, signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Sellers get paid, over HTTP: a sale's money is Pending in its protection window, Available once final, and
 * Paid out by the payout job to an active payout account — less ReLaptop's fee in force when the order was
 * paid. A refused transfer is retried and shown; a refund at the card provider after the payout takes the
 * transfer back. Every step leaves the ledger balanced and agreeing with the orders and the providers.
 */

type Account = Awaited<ReturnType<typeof createUser>>;
let t: TestApp;
let brandId: string;
let n = 0;
const PRICE = 40_000;
// 5 % and 30 cents: the env's, applied to a $400 charge.
const FEE = 2_030;

const signedIn = (email: string) => signedInClient(t, email);

async function newSeller() {
  const email = `payout-seller${++n}@x.test`;
  const { user: seller, http } = await signedInAccount(t, { name: `Seller ${n}`, email, role: "seller" });
  return { seller, http };
}

async function newBuyer() {
  return createUser(t, { name: `Buyer ${++n}`, email: `payout-buyer${n}@x.test` });
}

async function laptopOf(seller: Account) {
  return createAdvert(t, { sellerId: seller.id, brandId, name: `Laptop ${++n}`, resalePriceCents: PRICE });
}

const payoutsOf = async (http: Client) => {
  const res = await http.get("/api/payouts");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const numberOf = async (orderId: string) =>
  (await t.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId)))[0]?.number;

const runPayouts = (now?: Date) => t.services.payouts.run({ queue: true }, now);

beforeAll(async () => {
  t = await startTestApp({ PLATFORM_FEE_PERCENT: "5", PLATFORM_FEE_FIXED_CENTS: "30" });
  brandId = (await createBrand(t, "Payout Brand")).id;
});

afterAll(async () => {
  expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  await t.close();
});

describe("a sale's money", () => {
  it("moves from Pending to Available to Paid out, less the fee in force when the order was paid", async () => {
    const { seller, http } = await newSeller();
    const buyer = await newBuyer();
    const advert = await laptopOf(seller);
    expect((await payoutsOf(http)).account.state).toBe("not_set_up");

    const order = await t.services.orders.book(buyer, {
      advertId: advert.id,
      meetingLocation: "Gulshan 1",
      phone: "01711234567",
    });
    await t.services.orders.payWithTestCard(buyer, order.id);
    // A new fee after the payment changes nothing for this order.
    configurePlatformFee({ basisPoints: 1_000, fixedCents: 0 });
    try {
      let mine = await payoutsOf(http);
      expect(mine.balances).toEqual({
        pendingCents: PRICE - FEE,
        availableCents: 0,
        onItsWayCents: 0,
        paidOutCents: 0,
      });
      expect(mine.lines[0]).toMatchObject({
        orderNumber: await numberOf(order.id),
        chargedCents: PRICE,
        feeCents: FEE,
        where: "pending",
      });

      await t.services.orders.confirmReceipt(buyer, order.id);
      await t.services.orders.accept(buyer, order.id);
      mine = await payoutsOf(http);
      expect(mine.balances).toMatchObject({ pendingCents: 0, availableCents: PRICE - FEE });
      const [told] = await t.db.select().from(notifications).where(eq(notifications.userId, seller.id));
      expect(told?.body).toContain("$379.70 is released to you, after ReLaptop's fee");
    } finally {
      configurePlatformFee({ basisPoints: 500, fixedCents: 30 });
    }

    // No payout account: the money waits.
    await runPayouts();
    expect((await payoutsOf(http)).balances.availableCents).toBe(PRICE - FEE);

    const setUp = await http.post("/api/payouts/account", { holder: "Sam Seller", accountNumber: "0001 2345 6789" });
    expect(setUp.statusCode, setUp.body).toBe(200);
    expect(setUp.json()).toEqual({
      state: "active",
      onboarding: "form",
      holder: "Sam Seller",
      bankAccount: "•••• 6789",
    });
    expect(setUp.body).not.toContain("000123456789");

    expect(await runPayouts()).toMatchObject({ queued: 1, sent: 1 });
    const mine = await payoutsOf(http);
    expect(mine.balances).toEqual({ pendingCents: 0, availableCents: 0, onItsWayCents: 0, paidOutCents: PRICE - FEE });
    expect(mine.lines[0]).toMatchObject({ where: "paid_out", earnedCents: PRICE - FEE, payoutStatus: "paid" });
    expect(mine.account.bankAccount).toBe("•••• 6789");
    // Sent once, whatever runs next.
    await runPayouts();
    const sent = await t.db.select().from(simTransfers).where(eq(simTransfers.orderId, order.id));
    expect(sent.map((s) => s.amountCents)).toEqual([PRICE - FEE]);
    const kinds = await t.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, seller.id));
    expect(kinds.map((k) => k.kind)).toContain("payout.sent");
  });

  it("a refused transfer waits and retries with backoff, is shown to the seller and admins, and is sent once fixed", async () => {
    const { seller, http } = await newSeller();
    const order = await createCompletedOrder(t, await newBuyer(), (await laptopOf(seller)).id);
    // A bank account the simulated provider refuses (like Stripe's test account 000111111116).
    await http.post("/api/payouts/account", { holder: "Closed Account", accountNumber: "000000000002" });
    const now = new Date();
    await runPayouts(now);
    let mine = await payoutsOf(http);
    expect(mine.failed).toEqual([
      {
        orderNumber: await numberOf(order.id),
        amountCents: PRICE - FEE,
        reason: expect.stringContaining("the account is closed"),
      },
    ]);
    expect(mine.balances).toMatchObject({ availableCents: 0, onItsWayCents: PRICE - FEE, paidOutCents: 0 });
    const admin = await createUser(t, { name: "Finance Admin", email: `finance${++n}@x.test`, role: "admin" });
    const finance = await t.services.payouts.finance(admin);
    expect(finance.failedTransfers).toContainEqual(
      expect.objectContaining({ orderNumber: await numberOf(order.id), attempts: 1 }),
    );

    // Not again before its backoff; the seller is told once.
    await runPayouts(new Date(now.getTime() + 30_000));
    const [waiting] = await t.db.select().from(payouts).where(eq(payouts.orderId, order.id));
    expect(waiting).toMatchObject({ status: "failed", attempts: 1 });
    await runPayouts(new Date(now.getTime() + 61_000));
    const [again] = await t.db.select().from(payouts).where(eq(payouts.orderId, order.id));
    expect(again).toMatchObject({ status: "failed", attempts: 2 });
    const failures = await t.db
      .select()
      .from(notifications)
      .where(sql`${notifications.userId} = ${seller.id} and ${notifications.kind} = 'payout.failed'`);
    expect(failures).toHaveLength(1);

    // New details: due at once, and paid.
    await http.post("/api/payouts/account", { holder: "Open Account", accountNumber: "000000004242" });
    await runPayouts();
    mine = await payoutsOf(http);
    expect(mine.failed).toEqual([]);
    expect(mine.balances).toMatchObject({ onItsWayCents: 0, paidOutCents: PRICE - FEE });
  });

  it("a refund at the card provider after the payout takes the transfer back from the seller", async () => {
    const { seller, http } = await newSeller();
    await http.post("/api/payouts/account", { holder: "Refund Case", accountNumber: "000000001234" });
    const order = await createCompletedOrder(t, await newBuyer(), (await laptopOf(seller)).id);
    await runPayouts();
    expect((await payoutsOf(http)).balances.paidOutCents).toBe(PRICE - FEE);

    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    if (!payment) throw new Error("no payment");
    const { refundId } = await t.services.payments.refund(payment.transactionId);
    await t.services.orders.refundedByProvider(payment.transactionId, refundId);
    expect(await runPayouts()).toMatchObject({ reversed: 1 });

    const mine = await payoutsOf(http);
    expect(mine.balances).toEqual({ pendingCents: 0, availableCents: 0, onItsWayCents: 0, paidOutCents: 0 });
    expect(mine.lines[0]).toMatchObject({ where: "refunded", payoutStatus: "reversed" });
    const [transfer] = await t.db.select().from(simTransfers).where(eq(simTransfers.orderId, order.id));
    expect(transfer?.reversedCents).toBe(PRICE - FEE);
  });
});

describe("two payout runs at once (two processes, or the daily run and an instant one)", () => {
  it("send each order's money once", async () => {
    const { seller, http } = await newSeller();
    await http.post("/api/payouts/account", { holder: "Twice", accountNumber: "000000005555" });
    const sales = await Promise.all(
      [1, 2, 3].map(async () => createCompletedOrder(t, await newBuyer(), (await laptopOf(seller)).id)),
    );
    await Promise.all([runPayouts(), runPayouts(), runPayouts()]);
    for (const order of sales) {
      const sent = await t.db.select().from(simTransfers).where(eq(simTransfers.orderId, order.id));
      expect(sent).toHaveLength(1);
    }
    expect((await payoutsOf(http)).balances).toMatchObject({ availableCents: 0, paidOutCents: 3 * (PRICE - FEE) });
  });
});

describe("the payout account", () => {
  it("names bad details by field and keeps only four digits anywhere", async () => {
    const { http } = await newSeller();
    const bad = await http.post("/api/payouts/account", { holder: " ", accountNumber: "12ab" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      holder: "Enter the account holder's name",
      accountNumber: "A bank account number is 6 to 17 digits",
    });
    expect((await payoutsOf(http)).account.state).toBe("not_set_up");
  });

  it("is refused with a message to use the form when asked for Stripe's onboarding", async () => {
    const { http } = await newSeller();
    const res = await http.post("/api/payouts/onboarding");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("form");
  });
});

describe("who reads whose money", () => {
  it("a seller reads their own, admins any seller's and Finance; nobody else", async () => {
    const { seller } = await newSeller();
    const other = await newSeller();
    await createCompletedOrder(t, await newBuyer(), (await laptopOf(seller)).id);
    expect((await payoutsOf(other.http)).lines).toEqual([]);
    expect((await other.http.get(`/api/people/${seller.id}/payouts`)).statusCode).toBe(403);
    expect((await other.http.get("/api/finance")).statusCode).toBe(403);
    expect((await client(t).get("/api/payouts")).statusCode).toBe(401);
    const buyerEmail = `payout-reader${++n}@x.test`;
    await createUser(t, { name: "Reader", email: buyerEmail });
    expect((await (await signedIn(buyerEmail)).get("/api/payouts")).statusCode).toBe(403);

    const adminEmail = `payout-admin${++n}@x.test`;
    await createUser(t, { name: "Admin", email: adminEmail, role: "admin" });
    const admin = await signedIn(adminEmail);
    const theirs = await admin.get(`/api/people/${seller.id}/payouts`);
    expect(theirs.json().balances.availableCents).toBe(PRICE - FEE);
    expect(theirs.json().lines).toHaveLength(1);
  });

  it("the CSV has every line, the seller's own, and no formula a spreadsheet would run", async () => {
    const { seller, http } = await newSeller();
    const order = await createCompletedOrder(t, await newBuyer(), (await laptopOf(seller)).id);
    const csv = await http.get("/api/payouts/lines.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain("attachment");
    const rows = csv.body.trim().split("\r\n");
    expect(rows[0]).toBe("Order,Laptop,Order status,Booked at,Charged,Refunded,Fee,Yours,Where,Paid out at");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(
      new RegExp(`^${await numberOf(order.id)},Laptop \\d+,completed,[^,]+,400.00,0.00,20.30,379.70,Available,$`),
    );
  });
});

describe("a line after a refund", () => {
  /** A paid, received order whose buyer reported a problem that an admin decides as `decision` says. */
  async function decided(decision: { decision: "refund" } | { decision: "partial_refund"; amountCents: number }) {
    const { seller, http } = await newSeller();
    const buyer = await newBuyer();
    const admin = await createUser(t, { name: "Admin", email: `refund-admin${++n}@x.test`, role: "admin" });
    const order = await createPaidOrder(t, buyer, {
      advertId: (await laptopOf(seller)).id,
      meetingLocation: "Gulshan 1, Dhaka",
      phone: "01711234567",
    });
    await t.services.orders.confirmReceipt(buyer, order.id);
    const dispute = await t.services.disputes.report(buyer, order.id, {
      reason: "not_as_described",
      description: "Two keys are missing.",
      photos: [],
    });
    await t.services.disputes.decide(admin, dispute.id, { ...decision, reason: "Keys missing" });
    const [line] = (await payoutsOf(http)).lines;
    return { line, http, buyerHttp: await signedIn(buyer.email), orderId: order.id };
  }

  it("adds up after a partial refund: charged, less the refund, less the smaller fee, is the seller's", async () => {
    const { line, http, buyerHttp, orderId } = await decided({ decision: "partial_refund", amountCents: 4_000 });
    // The fee is the payment-time rule (5 % + 30 cents) applied to what the sale kept: $360.
    expect(line).toMatchObject({
      chargedCents: PRICE,
      refundedCents: 4_000,
      feeCents: 1_830,
      earnedCents: PRICE - 4_000 - 1_830,
      where: "available",
    });
    // The order's page says the same: the refund to everyone, the fee to its seller only.
    expect((await http.get(`/api/orders/${orderId}`)).json()).toMatchObject({ refundedCents: 4_000, feeCents: 1_830 });
    expect((await buyerHttp.get(`/api/orders/${orderId}`)).json()).toMatchObject({
      refundedCents: 4_000,
      feeCents: null,
    });
    const mine = (await buyerHttp.get("/api/orders")).json().orders;
    expect(mine.find((o: { id: string }) => o.id === orderId)).toMatchObject({ refundedCents: 4_000 });
  });

  it("after a refund in full: all of it refunded, no fee, nothing the seller's", async () => {
    const { line } = await decided({ decision: "refund" });
    expect(line).toMatchObject({ chargedCents: PRICE, refundedCents: PRICE, feeCents: 0, earnedCents: 0 });
    expect(line.where).toBe("refunded");
  });
});

describe("Finance and the ledger", () => {
  it("shows the days' sales, fees and payouts, balanced, the same before and after the days are rolled up", async () => {
    const adminEmail = `finance-admin${++n}@x.test`;
    await createUser(t, { name: "Admin", email: adminEmail, role: "admin" });
    const admin = await signedIn(adminEmail);
    const before = (await admin.get("/api/finance")).json();
    expect(before.check).toEqual({ balanced: true, problems: [] });
    expect(before.days).toHaveLength(90);
    // This file's sales are the last day's (or the last two, run across midnight UTC).
    const sum = (days: { salesCents: number; feesCents: number }[], key: "salesCents" | "feesCents") =>
      days.reduce((total, d) => total + d[key], 0);
    expect(sum(before.days.slice(-2), "salesCents")).toBeGreaterThanOrEqual(PRICE * 3);
    expect(sum(before.days, "feesCents")).toBe(before.totals.feesCents);
    expect(before.totals.payoutsCents).toBeGreaterThan(0);

    // An hour into tomorrow (UTC), with today rolled up: the same days, read from the day totals.
    const DAY = 86_400_000;
    const tomorrow = new Date(Math.floor(Date.now() / DAY) * DAY + DAY + 3_600_000);
    expect(await rollUpLedgerDays(t.db, tomorrow)).toBeGreaterThan(0);
    const reader = await createUser(t, { name: "Reader", email: `roll${++n}@x.test`, role: "admin" });
    const after = await t.services.payouts.finance(reader, tomorrow);
    expect(after.days.slice(0, -1)).toEqual(before.days.slice(1));
    expect(after.check.balanced).toBe(true);
  });

  it("never lets an entry be edited or removed", async () => {
    await expect(t.db.execute(sql`update ledger_entries set amount_cents = amount_cents + 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
  });
});
