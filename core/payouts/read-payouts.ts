import type { Db, Tx } from "../../db/client.ts";
import type { PayoutsReply } from "../../schemas/payouts.ts";
import { requireAdmin, type SessionUser } from "../accounts/index.ts";
import { failedPayouts, payoutLines, sellerBalances } from "./balances.ts";
import { payoutAccountView, requireSeller } from "./payout-accounts.ts";
import type { PayoutProvider } from "./provider.ts";

/** The seller's Payouts page: their account, balances, a page of lines, and failed transfers. */
export async function myPayouts(
  q: Db | Tx,
  provider: PayoutProvider,
  actor: SessionUser,
  cursor?: string,
): Promise<PayoutsReply> {
  requireSeller(actor);
  return payoutsReply(q, provider, actor.id, cursor);
}

/** Admins read any seller's (the same reply); nobody else reads anyone's. */
export async function sellerPayouts(
  q: Db | Tx,
  provider: PayoutProvider,
  actor: SessionUser,
  sellerId: string,
  cursor?: string,
): Promise<PayoutsReply> {
  if (actor.id !== sellerId) requireAdmin(actor);
  else requireSeller(actor);
  return payoutsReply(q, provider, sellerId, cursor);
}

/** Every line of a seller's, for the CSV download: page after page until the last. */
export async function* allPayoutLines(q: Db | Tx, actor: SessionUser) {
  requireSeller(actor);
  let cursor: string | undefined;
  do {
    const page = await payoutLines(q, actor.id, cursor, 500);
    yield* page.lines;
    cursor = page.next ?? undefined;
  } while (cursor);
}

async function payoutsReply(
  q: Db | Tx,
  provider: PayoutProvider,
  sellerId: string,
  cursor?: string,
): Promise<PayoutsReply> {
  const [account, balances, page, failed] = await Promise.all([
    payoutAccountView(q, provider, sellerId),
    sellerBalances(q, sellerId),
    payoutLines(q, sellerId, cursor),
    failedPayouts(q, sellerId),
  ]);
  return { account, balances, lines: page.lines, next: page.next, failed };
}
