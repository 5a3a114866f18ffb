import { AppError } from "../errors.ts";

export interface Card {
  number: string;
  /** "MM / YY" as typed. */
  expiry: string;
  cvc: string;
}

/**
 * Card payment providers. Amounts are integer cents and always come from our
 * database, never from the browser. Calls are idempotent by key.
 *
 * Two shapes, because card data travels differently:
 * - "server-card": the card form posts to us and we charge it (the simulated provider);
 * - "intent": we create a payment intent, the browser confirms it with the provider's own
 *   form (Stripe Elements), and the provider's signed webhook tells us it succeeded.
 */
export interface ServerCardProvider {
  readonly name: "simulated";
  readonly flow: "server-card";
  charge(input: {
    amountCents: number;
    idempotencyKey: string;
    orderId: string;
    card: Card;
  }): Promise<{ transactionId: string }>;
  /**
   * Refunds `amountCents` of a charge (all of it when not given: a cancelled order); refunding it again
   * returns the first refund. A charge is refunded once: in full, or by the part an admin decided on a dispute.
   */
  refund(transactionId: string, amountCents?: number): Promise<{ refundId: string }>;
  /** Charges that succeeded but that no payment of ours records yet (a crash between charge and record). */
  unrecordedCharges(olderThanMs: number): Promise<{ orderId: string; transactionId: string }[]>;
}

export interface IntentView {
  id: string;
  status: string;
  amountCents: number;
  orderId: string | null;
}

export interface IntentProvider {
  readonly name: "stripe";
  readonly flow: "intent";
  /** What the browser needs to show the provider's card form. */
  readonly publishableKey: string;
  createIntent(input: {
    amountCents: number;
    orderId: string;
    idempotencyKey: string;
  }): Promise<{ intentId: string; clientSecret: string }>;
  /** The provider's current truth about an intent (webhooks are triggers, not facts). */
  retrieveIntent(intentId: string): Promise<IntentView>;
  /**
   * Refunds `amountCents` of a payment (all of it when not given); refunding it again (or after a refund made
   * elsewhere) returns that refund.
   */
  refund(transactionId: string, amountCents?: number): Promise<{ refundId: string }>;
}

export type PaymentProvider = ServerCardProvider | IntentProvider;

/** The card was refused; the message is the provider's, shown in red under the payment form. */
export const cardError = (message: string) => new AppError("PAYMENT_DECLINED", message, { card: message });
