import type { Db, Tx } from "../../db/client.ts";
import { totalCents } from "../../schemas/delivery.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError, isAppError } from "../errors.ts";
import type { Card, ServerCardProvider } from "../payments/index.ts";
import { counted, type Money } from "./money.ts";
import { record, reserve, settleUnpaid } from "./payment-steps.ts";
import { findOrder } from "./transition.ts";

/** Stripe's test card: the demo's sales are paid with it. */
const TEST_CARD: Card = { number: "4242424242424242", expiry: "12 / 34", cvc: "123" };

/**
 * The simulated provider: the card form posts here and we charge it — hold, move to paying, charge, record
 * (payment-steps.ts) — counted by outcome. Taking the hold locks only this buyer's order (404 for anyone
 * else's) before the card is charged.
 */
export async function pay(
  q: Db | Tx,
  money: Money,
  actor: SessionUser,
  orderId: string,
  card: Card,
  attemptKey: string,
): Promise<void> {
  await counted(
    money,
    "pay",
    () => "paid",
    async () => {
      const { provider } = money;
      if (provider.flow === "server-card") return chargeCard(q, money, provider, actor, orderId, card, attemptKey);
      await findOrder(q, orderId, actor.id); // whose order it is comes before anything about how to pay
      throw new AppError("CONFLICT", "Pay with the card form on the payment page.");
    },
  );
}

/**
 * The demo's sales: paid with Stripe's test card through the simulated provider, whichever provider takes
 * real cards (so the demo seeds with Stripe configured too, and refunds go back the same way).
 */
export async function payWithTestCard(q: Db | Tx, money: Money, actor: SessionUser, orderId: string) {
  await chargeCard(q, money, money.simulated, actor, orderId, TEST_CARD, "test-card");
}

async function chargeCard(
  q: Db | Tx,
  money: Money,
  via: ServerCardProvider,
  actor: SessionUser,
  orderId: string,
  card: Card,
  attemptKey: string,
) {
  const reserved = await reserve(q, actor, orderId, true);
  if (!reserved) return;
  let transactionId: string;
  try {
    ({ transactionId } = await via.charge({
      amountCents: totalCents(reserved),
      idempotencyKey: `order:${reserved.id}:${attemptKey}`,
      orderId: reserved.id,
      card,
    }));
  } catch (error) {
    await settleUnpaid(q, reserved.id, isAppError(error) ? error.message : "the provider did not answer");
    throw error;
  }
  await record(q, money, via, reserved.id, transactionId);
}
