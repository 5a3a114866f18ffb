import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { payoutAccounts, payouts } from "../../db/schema/index.ts";
import { maskedBankAccount, type PayoutAccountView, payoutSetupSchema } from "../../schemas/payouts.ts";
import { forbidden, mayEnter, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import type { PayoutAccountStatus, PayoutProvider } from "./provider.ts";

/** Asking the payout provider for the way it does not set accounts up (the API's other route). */
const SET_UP_ON_STRIPE = "Payouts are set up on Stripe's pages here: use Set up payouts on the Payouts page.";
const SET_UP_WITH_THE_FORM = "Payouts are set up with the form on the Payouts page here.";

/** Payouts are a seller's: their account, their money. */
export function requireSeller(actor: SessionUser) {
  if (!mayEnter(actor, "seller")) throw forbidden();
}

/** The seller's payout account as they (and admins) read it: never more of the bank account than four digits. */
export async function payoutAccountView(
  q: Db | Tx,
  provider: PayoutProvider,
  sellerId: string,
): Promise<PayoutAccountView> {
  const [account] = await q.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
  return {
    state: account?.status ?? "not_set_up",
    onboarding: provider.onboarding,
    holder: account?.holder ?? null,
    bankAccount: account?.bankLast4 ? maskedBankAccount(account.bankLast4) : null,
  };
}

/** Failed transfers are due again at once: the seller gave new details, or the provider says the account works. */
const retryFailedNow = (q: Db | Tx, sellerId: string) =>
  q
    .update(payouts)
    .set({ nextAttemptAt: new Date() })
    .where(and(eq(payouts.sellerId, sellerId), inArray(payouts.status, ["failed"])));

/**
 * The simulated provider's form: opens (or changes) the seller's account from a holder and a bank account
 * number, of which only the last four digits are kept — here, at the provider and in every reply.
 */
export async function setUpPayouts(q: Db | Tx, provider: PayoutProvider, actor: SessionUser, input: unknown) {
  if (provider.onboarding !== "form") throw new AppError("CONFLICT", SET_UP_ON_STRIPE);
  requireSeller(actor);
  const parsed = payoutSetupSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    throw new AppError("VALIDATION_FAILED", Object.values(fields)[0] ?? "Check the details.", fields);
  }
  const bankLast4 = parsed.data.accountNumber.slice(-4);
  const { accountId } = await provider.setUp({ sellerId: actor.id, holder: parsed.data.holder, bankLast4 });
  const values = {
    provider: provider.name,
    externalId: accountId,
    status: "active" as const,
    holder: parsed.data.holder,
    bankLast4,
  };
  // The account and the failed payouts it makes due again, together.
  await q.transaction(async (tx) => {
    await tx
      .insert(payoutAccounts)
      .values({ sellerId: actor.id, ...values })
      .onConflictDoUpdate({ target: payoutAccounts.sellerId, set: { ...values, updatedAt: new Date() } });
    await retryFailedNow(tx, actor.id);
  });
  return payoutAccountView(q, provider, actor.id);
}

/**
 * Stripe's hosted onboarding: the seller's connected account (made once: the key is theirs), and a fresh link
 * to fill in their details there. Stripe sends them back to `returnUrl`.
 */
export async function startOnboarding(
  q: Db | Tx,
  provider: PayoutProvider,
  actor: SessionUser,
  urls: { returnUrl: string; refreshUrl: string },
) {
  if (provider.onboarding !== "hosted") throw new AppError("CONFLICT", SET_UP_WITH_THE_FORM);
  requireSeller(actor);
  let [account] = await q.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, actor.id));
  if (!account) {
    const { accountId } = await provider.createAccount({
      sellerId: actor.id,
      email: actor.email,
      idempotencyKey: `payout-account:${actor.id}`,
    });
    [account] = await q
      .insert(payoutAccounts)
      .values({ sellerId: actor.id, provider: provider.name, externalId: accountId, status: "details_needed" })
      .onConflictDoNothing()
      .returning();
    [account] = account
      ? [account]
      : await q.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, actor.id));
  }
  if (!account) throw new Error("payout account vanished");
  return provider.onboardingLink({ accountId: account.externalId, ...urls });
}

/**
 * Stripe's `account.updated`: what the provider says about an account now (the webhook is a trigger, not a fact:
 * the account is fetched again, so events replayed or out of order end in the provider's current status). Null
 * for an account that is not ours, or a provider with no accounts of its own.
 */
export async function refreshAccount(q: Db | Tx, provider: PayoutProvider, accountId: string) {
  if (provider.onboarding !== "hosted") return null;
  const [account] = await q
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.provider, provider.name), eq(payoutAccounts.externalId, accountId)));
  if (!account) return null;
  const { status } = await provider.accountStatus(accountId);
  if (status !== account.status) {
    await q.transaction(async (tx) => {
      await tx
        .update(payoutAccounts)
        .set({ status, updatedAt: new Date() })
        .where(eq(payoutAccounts.sellerId, account.sellerId));
      if (status === "active") await retryFailedNow(tx, account.sellerId);
    });
  }
  return status satisfies PayoutAccountStatus;
}
