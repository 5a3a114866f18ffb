import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutAccounts, payouts } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { startFakeStripe, stripeEnv } from "../support/fake-stripe.ts";
import { brokenMoneyInvariantsIn } from "../support/money-invariants.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Payouts through Stripe Connect, against the fake Stripe at the HTTP boundary: a seller's Express account and
 * Stripe's hosted onboarding, `account.updated` webhooks (signed, replayed, out of order) read as triggers, and
 * each completed order's share transferred from its own charge, once.
 */

const WEBHOOK_SECRET = "whsec_test_connect";
const signer = new Stripe("sk_test_signer");
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({ ...stripeEnv(stripe.apiBase, WEBHOOK_SECRET), PAYOUT_PROVIDER: "stripe" });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

function deliver(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    data: { object },
  });
  return t.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    payload,
    headers: {
      "content-type": "application/json",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

describe("Stripe Connect payouts", () => {
  it("onboards a seller on Stripe's pages, follows account.updated, and transfers a final sale from its charge once", async () => {
    const seller = await createUser(t, { name: "Connect Seller", email: "connect@x.test", role: "seller" });
    const http = await signedInClient(t, "connect@x.test");
    const link = await http.post("/api/payouts/onboarding");
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    // Asking again opens the same account, with a fresh link.
    expect((await http.post("/api/payouts/onboarding")).statusCode).toBe(200);
    expect(stripe.accounts.size).toBe(1);
    const [accountId] = [...stripe.accounts.keys()];
    if (!accountId) throw new Error("no account");
    expect((await http.get("/api/payouts")).json().account).toMatchObject({
      state: "details_needed",
      onboarding: "hosted",
    });

    // An old event arrives after a newer one: each is only a trigger, the account is read again each time.
    const before = stripe.accountUpdatedEvent(accountId);
    stripe.completeOnboarding(accountId);
    const after = stripe.accountUpdatedEvent(accountId);
    for (const event of [after, after, before]) expect((await deliver("account.updated", event)).statusCode).toBe(200);
    expect((await http.get("/api/payouts")).json().account.state).toBe("active");
    // Unsigned: refused.
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      payload: JSON.stringify({ type: "account.updated", data: { object: { id: accountId } } }),
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
    });
    expect(forged.statusCode).toBe(400);

    // A sale paid through Stripe, received and accepted.
    const brand = await createBrand(t, "Connect Brand");
    const advert = await createAdvert(t, {
      sellerId: seller.id,
      brandId: brand.id,
      name: "XPS 13",
      resalePriceCents: 50_000,
    });
    const buyer = await createUser(t, { name: "Connect Buyer", email: "connect-buyer@x.test" });
    const order = await t.services.orders.book(buyer, {
      advertId: advert.id,
      meetingLocation: "Mirpur",
      phone: "01700000000",
    });
    const started = await t.services.orders.startIntent(buyer, order.id);
    const intent = [...stripe.intents.values()].find((i) => i.metadata.orderId === order.id);
    if (!started || !intent) throw new Error("no intent");
    stripe.succeed(intent.id);
    expect(
      (await deliver("payment_intent.succeeded", { id: intent.id, metadata: { orderId: order.id } })).statusCode,
    ).toBe(200);
    await t.services.orders.confirmReceipt(buyer, order.id);
    await t.services.orders.accept(buyer, order.id);

    // Stripe has a bad moment: the job retries later with the same key.
    stripe.failNextTransfers(3);
    await t.services.payouts.run({ queue: true });
    const [failed] = await t.db.select().from(payouts).where(eq(payouts.orderId, order.id));
    expect(failed).toMatchObject({ status: "failed", lastError: expect.stringContaining("could not be reached") });
    await t.services.payouts.run({ queue: true }, new Date(Date.now() + 2 * 60_000));
    await t.services.payouts.run({ queue: true }, new Date(Date.now() + 60 * 60_000));

    const made = stripe.transfers.filter((tr) => tr.transfer_group === order.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      amount: 50_000 - 2_500,
      destination: accountId,
      source_transaction: intent.latest_charge,
    });
    const mine = (await http.get("/api/payouts")).json();
    expect(mine.balances).toMatchObject({ availableCents: 0, onItsWayCents: 0, paidOutCents: 47_500 });

    // Stripe asks for more details: the account is no longer active.
    stripe.requireMoreDetails(accountId);
    await deliver("account.updated", stripe.accountUpdatedEvent(accountId));
    const [account] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, seller.id));
    expect(account?.status).toBe("details_needed");
    expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  });

  it("tells a seller to use Stripe's pages rather than the form", async () => {
    await createUser(t, { name: "Form Seller", email: "form@x.test", role: "seller" });
    const http = await signedInClient(t, "form@x.test");
    const res = await http.post("/api/payouts/account", { holder: "Form Seller", accountNumber: "000123456789" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("Stripe's pages");
  });
});
