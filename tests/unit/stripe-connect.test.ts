import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider } from "../../core/payments/index.ts";
import { PayoutRefused } from "../../core/payouts/payout-refused.ts";
import type { HostedPayoutProvider } from "../../core/payouts/provider.ts";
import { createStripePayoutProvider } from "../../core/payouts/stripe-payout-provider.ts";
import { startFakeStripe } from "../support/fake-stripe.ts";

/**
 * Stripe Connect payouts against the fake api.stripe.com: what Stripe ends up holding for each call. A unit
 * test though it speaks HTTP: it needs no database, and it reaches the payouts' inner files, which have no
 * front door yet.
 */
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let payouts: HostedPayoutProvider;
let n = 0;

beforeAll(async () => {
  stripe = await startFakeStripe();
  payouts = createStripePayoutProvider({ secretKey: "sk_test_relaptop", apiBase: stripe.apiBase });
});
afterAll(async () => {
  await stripe?.close();
});

/** A seller who finished Stripe's onboarding: their account's id. */
async function paidSeller() {
  const { accountId } = await payouts.createAccount({
    sellerId: `seller-${++n}`,
    email: `s${n}@x.test`,
    idempotencyKey: `account:seller-${n}`,
  });
  stripe.completeOnboarding(accountId);
  return accountId;
}

/** A buyer's card payment as our payments record it: the payment intent's id (pi_…), which Stripe charged. */
async function paidIntent(amountCents = 70_000) {
  const cards = createStripeProvider({
    secretKey: "sk_test_relaptop",
    publishableKey: "pk_test_relaptop",
    webhookSecret: "whsec_test_relaptop",
    apiBase: stripe.apiBase,
  });
  const orderId = `order-${++n}`;
  const { intentId } = await cards.createIntent({ amountCents, orderId, idempotencyKey: `intent:${orderId}` });
  stripe.succeed(intentId);
  return { intentId, orderId };
}

/**
 * A transfer of `amountCents` to a seller who finished onboarding, from a buyer's payment of `paidCents`, keyed
 * `${key}:${orderId}`: the input of payouts.transfer.
 */
async function transferInput(amountCents: number, key: string, paidCents?: number) {
  const destination = await paidSeller();
  const { intentId, orderId } = await paidIntent(paidCents);
  return { amountCents, destination, sourceTransaction: intentId, orderId, idempotencyKey: `${key}:${orderId}` };
}

describe("Stripe Connect payouts", () => {
  it("opens one Express account per seller's key, for transfers only", async () => {
    const input = { sellerId: "seller-once", email: "once@x.test", idempotencyKey: "account:seller-once" };
    const [first, again] = [await payouts.createAccount(input), await payouts.createAccount(input)];
    expect(again.accountId).toBe(first.accountId);
    const made = [...stripe.accounts.values()].filter((a) => a.metadata.sellerId === "seller-once");
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ type: "express", email: "once@x.test", capabilities: { transfers: "inactive" } });
  });

  it("sends the seller to Stripe's hosted onboarding for their account", async () => {
    const { accountId } = await payouts.createAccount({
      sellerId: "seller-link",
      email: "link@x.test",
      idempotencyKey: "account:seller-link",
    });
    const { url } = await payouts.onboardingLink({
      accountId,
      returnUrl: "https://relaptop.test/payouts/done",
      refreshUrl: "https://relaptop.test/payouts/again",
    });
    expect(url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${accountId}/`));
    await expect(
      payouts.onboardingLink({ accountId: "acct_nobody", returnUrl: "https://x.test", refreshUrl: "https://x.test" }),
    ).rejects.toThrow("No such account");
  });

  it("calls an account active only while Stripe lets it receive transfers and pay out", async () => {
    const { accountId } = await payouts.createAccount({
      sellerId: "seller-status",
      email: "status@x.test",
      idempotencyKey: "account:seller-status",
    });
    expect(await payouts.accountStatus(accountId)).toEqual({ status: "details_needed" });
    stripe.completeOnboarding(accountId);
    expect(await payouts.accountStatus(accountId)).toEqual({ status: "active" });
    stripe.requireMoreDetails(accountId);
    expect(await payouts.accountStatus(accountId)).toEqual({ status: "details_needed" });

    // The account.updated event Stripe sends then passes Stripe's signature check and names the account to re-read.
    const signer = new Stripe("sk_test_signer");
    const payload = JSON.stringify({
      id: "evt_account",
      object: "event",
      type: "account.updated",
      data: { object: stripe.accountUpdatedEvent(accountId) },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_connect" });
    const event = signer.webhooks.constructEvent(payload, header, "whsec_connect");
    expect(event.type).toBe("account.updated");
    expect(event.data.object).toMatchObject({ id: accountId, payouts_enabled: false });
  });

  it("transfers from the payment's charge, once per key however often it is asked", async () => {
    const input = await transferInput(63_000, "t", 70_000);
    const { destination, sourceTransaction: intentId, orderId } = input;
    const answers = await Promise.all([payouts.transfer(input), payouts.transfer(input)]);
    expect(answers[1]).toEqual(answers[0]);
    expect(await payouts.transfer(input)).toEqual(answers[0]);

    const made = stripe.transfers.filter((t) => t.transfer_group === orderId);
    expect(made).toEqual([
      expect.objectContaining({
        id: answers[0].transferId,
        amount: 63_000,
        currency: "usd",
        destination,
        source_transaction: stripe.intents.get(intentId)?.latest_charge,
        metadata: { orderId, payoutKey: input.idempotencyKey },
      }),
    ]);
    expect(made[0]?.source_transaction).toMatch(/^ch_/);
  });

  it("takes a charge's id as it is", async () => {
    const input = await transferInput(500, "c");
    const { orderId } = input;
    const charge = stripe.intents.get(input.sourceTransaction)?.latest_charge as string;
    await payouts.transfer({ ...input, sourceTransaction: charge });
    expect(stripe.transfers.filter((t) => t.transfer_group === orderId).map((t) => t.source_transaction)).toEqual([
      charge,
    ]);
  });

  it("rides out Stripe's brief failures with the same key, and still makes one transfer", async () => {
    const input = await transferInput(1_000, "r");
    const { orderId } = input;

    // A single 500: the SDK's own retry gets past it.
    stripe.failNextTransfers(1);
    const first = await payouts.transfer(input);
    // Three in a row outlast the SDK's two retries: the call fails as a transient error (not a refusal), and
    // the job's retry with the same key makes the transfer once.
    stripe.failNextTransfers(3);
    const other = { ...input, orderId: `${orderId}-b`, idempotencyKey: `r:${orderId}-b` };
    const failed = await payouts.transfer(other).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).not.toBeInstanceOf(PayoutRefused);
    expect(stripe.transfers.filter((t) => t.transfer_group === other.orderId)).toHaveLength(0);
    const retried = await payouts.transfer(other);
    expect(await payouts.transfer(other)).toEqual(retried);

    // A day later Stripe has forgotten the keys: a retry still finds the transfer made, and makes none.
    stripe.forgetKeys();
    expect(await payouts.transfer(other)).toEqual(retried);
    expect(stripe.transfers.filter((t) => t.transfer_group === orderId).map((t) => t.id)).toEqual([first.transferId]);
    expect(stripe.transfers.filter((t) => t.transfer_group === other.orderId).map((t) => t.id)).toEqual([
      retried.transferId,
    ]);
  });

  it("refuses, in words a seller understands, a transfer to an account Stripe cannot pay", async () => {
    const { intentId, orderId } = await paidIntent();
    const { accountId: unfinished } = await payouts.createAccount({
      sellerId: "seller-unfinished",
      email: "unfinished@x.test",
      idempotencyKey: "account:seller-unfinished",
    });
    const send = (destination: string, key: string) =>
      payouts.transfer({ amountCents: 1_000, destination, sourceTransaction: intentId, orderId, idempotencyKey: key });

    const refused = await send(unfinished, `u:${orderId}`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PayoutRefused);
    expect((refused as PayoutRefused).reason).toBe(
      "Stripe needs more details from you before it can pay you: finish setting up your payout account.",
    );
    const gone = await send("acct_closed_long_ago", `g:${orderId}`).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(PayoutRefused);
    expect((gone as PayoutRefused).reason).toBe(
      "Stripe can't pay into your payout account: set up your payout account again.",
    );
    expect(stripe.transfers.filter((t) => t.transfer_group === orderId)).toHaveLength(0);
  });

  it("reverses no more than was transferred, once per key", async () => {
    const input = await transferInput(10_000, "v");
    const { orderId } = input;
    const { transferId } = await payouts.transfer(input);
    const part = { transferId, amountCents: 4_000, idempotencyKey: `rev:${orderId}:1` };
    const first = await payouts.reverseTransfer(part);
    expect(await payouts.reverseTransfer(part)).toEqual(first);

    await expect(
      payouts.reverseTransfer({ transferId, amountCents: 7_000, idempotencyKey: `rev:${orderId}:2` }),
    ).rejects.toThrow("greater than the amount remaining");
    const rest = await payouts.reverseTransfer({ transferId, amountCents: 6_000, idempotencyKey: `rev:${orderId}:3` });

    const made = stripe.transfers.find((t) => t.id === transferId);
    expect(made?.reversals.data.map((r) => [r.id, r.amount])).toEqual([
      [first.reversalId, 4_000],
      [rest.reversalId, 6_000],
    ]);
    expect(made).toMatchObject({ amount_reversed: 10_000, reversed: true });
  });
});
