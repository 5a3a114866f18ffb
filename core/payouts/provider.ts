/**
 * Payout providers: how a seller's money leaves ReLaptop. Chosen like the card provider (PAYOUT_PROVIDER):
 * - "form": the simulated provider. The seller types an account holder and a bank account; we keep the last
 *   four digits only, and the provider's own tables record its transfers (like the simulated card provider's).
 * - "hosted": Stripe Connect (Express accounts). The seller fills in Stripe's hosted onboarding; Stripe's
 *   `account.updated` webhook tells us to fetch the account's status again.
 * Amounts are integer cents from our ledger. Every call that moves money is idempotent by key.
 */
export type PayoutAccountStatus = "details_needed" | "active";

interface Transfers {
  /**
   * Sends one order's share to the seller's account. `sourceTransaction` is the payment's transaction id (the
   * charge or payment intent the card provider recorded): Stripe ties the transfer to that charge's funds.
   * Throws a PayoutRefused (payout-refused.ts) when the provider refuses for a reason the seller can fix.
   */
  transfer(input: {
    amountCents: number;
    destination: string;
    sourceTransaction: string;
    orderId: string;
    idempotencyKey: string;
  }): Promise<{ transferId: string }>;
  /** Takes back `amountCents` of a transfer (a completed order refunded at the provider). */
  reverseTransfer(input: {
    transferId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ reversalId: string }>;
}

export interface FormPayoutProvider extends Transfers {
  readonly name: "simulated";
  readonly onboarding: "form";
  /** Opens (or updates) the seller's account from the details typed; active at once. */
  setUp(input: { sellerId: string; holder: string; bankLast4: string }): Promise<{ accountId: string }>;
}

export interface HostedPayoutProvider extends Transfers {
  readonly name: "stripe";
  readonly onboarding: "hosted";
  /** An Express connected account for the seller (one per seller: the key is theirs). */
  createAccount(input: { sellerId: string; email: string; idempotencyKey: string }): Promise<{ accountId: string }>;
  /** Where the seller fills in their details; `refreshUrl` when the link expired, `returnUrl` when done. */
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** The provider's truth about an account (webhooks are triggers, not facts). */
  accountStatus(accountId: string): Promise<{ status: PayoutAccountStatus }>;
}

export type PayoutProvider = FormPayoutProvider | HostedPayoutProvider;
