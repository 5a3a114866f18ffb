import { AppError } from "../errors.ts";

export interface Card {
  number: string;
  /** "MM / YY" as typed. */
  expiry: string;
  cvc: string;
}

/**
 * A card payment provider. Amounts are integer cents and always come from our
 * database, never from the browser. Calls are idempotent by key: a retried or
 * double-clicked payment charges once.
 */
export interface PaymentProvider {
  readonly name: "simulated" | "stripe";
  charge(input: {
    amountCents: number;
    idempotencyKey: string;
    orderId: string;
    card: Card;
  }): Promise<{ transactionId: string }>;
  /** Refunds a charge in full; refunding it again returns the first refund. */
  refund(transactionId: string): Promise<{ refundId: string }>;
}

/** The card was refused; the message is the provider's, shown in red under the payment form. */
export const cardError = (message: string) => new AppError("PAYMENT_DECLINED", message, { card: message });
