/**
 * The ledger drill's books: the card and payout provider's own record, read per order (the simulated providers'
 * tables, or what the fake Stripe holds), set against the ledger's movements of clearing and our payouts rows,
 * line by line. Each mismatch is named with its order.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { FakeStripe } from "./stripe.ts";

/** One order's money as a provider saw it: charged, refunded, transferred to its seller and taken back. */
export interface ProviderLine {
  charged: number;
  refunded: number;
  transfers: { id: string; amount: number; reversed: number; reversalIds: string[] }[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const line = (book: Map<string, ProviderLine>, orderId: string) => {
  const found = book.get(orderId) ?? { charged: 0, refunded: 0, transfers: [] };
  book.set(orderId, found);
  return found;
};

/** The simulated card and payout providers' tables (sim_charges, sim_refunds, sim_transfers, its reversals). */
export async function simulatedBook(db: Db): Promise<Map<string, ProviderLine>> {
  const book = new Map<string, ProviderLine>();
  const charges = rowsOf<{ order_id: string; amount: number; refunded: number }>(
    await db.execute(sql`select i.order_id, c.amount_cents as amount, c.amount_refunded_cents as refunded
      from sim_charges c join sim_payment_intents i on i.id = c.intent_id`),
  );
  for (const c of charges) {
    const l = line(book, c.order_id);
    l.charged += Number(c.amount);
    l.refunded += Number(c.refunded);
  }
  const transfers = rowsOf<{ order_id: string; id: string; amount: number; reversed: number; reversals: string[] }>(
    await db.execute(sql`select t.order_id, t.id, t.amount_cents as amount, t.reversed_cents as reversed,
        coalesce(array_agg(r.id) filter (where r.id is not null), '{}') as reversals
      from sim_transfers t left join sim_transfer_reversals r on r.transfer_id = t.id
      group by t.id`),
  );
  for (const t of transfers) {
    line(book, t.order_id).transfers.push({
      id: t.id,
      amount: Number(t.amount),
      reversed: Number(t.reversed),
      reversalIds: t.reversals,
    });
  }
  return book;
}

/** What the fake Stripe holds: intents that succeeded, their refunds, and Connect transfers with reversals. */
export function stripeBook(fake: FakeStripe): Map<string, ProviderLine> {
  const book = new Map<string, ProviderLine>();
  for (const intent of fake.intents.values()) {
    if (intent.status !== "succeeded") continue;
    line(book, intent.metadata.orderId ?? "").charged += intent.amount;
  }
  for (const refund of fake.refunds) {
    const orderId = fake.intents.get(refund.payment_intent)?.metadata.orderId ?? "";
    line(book, orderId).refunded += refund.amount;
  }
  for (const t of fake.transfers) {
    line(book, t.metadata.orderId ?? "").transfers.push({
      id: t.id,
      amount: t.amount,
      reversed: t.amount_reversed,
      reversalIds: t.reversals.data.map((r) => r.id),
    });
  }
  return book;
}

interface LedgerLine {
  charged: number;
  refunded: number;
  transferred: number;
  reversed: number;
  payoutSentGroups: number;
  reversedGroups: number;
}
interface PayoutRow {
  order_id: string;
  amount_cents: number;
  status: string;
  transfer_id: string | null;
  reversal_id: string | null;
  reversed_cents: number;
}

/**
 * Every order's line in the ledger (clearing's movements: the charge, refunds of any kind, transfers out and
 * reversals in) and its payout, against the provider's: the same cents, the same transfer, the same reversal.
 * Returns the mismatches, each with its order.
 */
export async function booksDisagree(db: Db, book: Map<string, ProviderLine>): Promise<string[]> {
  const ledger = new Map<string, LedgerLine>();
  const lines = rowsOf<{ order_id: string } & Record<keyof LedgerLine, string>>(
    await db.execute(sql`select order_id,
        coalesce(sum(amount_cents) filter (where account = 'clearing' and movement = 'pay'), 0) as charged,
        -coalesce(sum(amount_cents) filter (where account = 'clearing'
          and movement in ('refund', 'refundInPart', 'providerRefund')), 0) as refunded,
        -coalesce(sum(amount_cents) filter (where account = 'clearing' and movement = 'payoutSent'), 0) as transferred,
        coalesce(sum(amount_cents) filter (where account = 'clearing' and movement = 'transferReversed'), 0) as reversed,
        count(distinct group_id) filter (where movement = 'payoutSent') as "payoutSentGroups",
        count(distinct group_id) filter (where movement = 'transferReversed') as "reversedGroups"
      from ledger_entries where order_id is not null group by order_id`),
  );
  for (const l of lines) {
    ledger.set(l.order_id, {
      charged: Number(l.charged),
      refunded: Number(l.refunded),
      transferred: Number(l.transferred),
      reversed: Number(l.reversed),
      payoutSentGroups: Number(l.payoutSentGroups),
      reversedGroups: Number(l.reversedGroups),
    });
  }
  const payouts = new Map(
    rowsOf<PayoutRow>(await db.execute(sql`select * from payouts`)).map((p) => [p.order_id, p] as const),
  );
  const problems: string[] = [];
  for (const orderId of new Set([...ledger.keys(), ...book.keys()])) {
    const ours = ledger.get(orderId) ?? {
      charged: 0,
      refunded: 0,
      transferred: 0,
      reversed: 0,
      payoutSentGroups: 0,
      reversedGroups: 0,
    };
    const theirs = book.get(orderId) ?? { charged: 0, refunded: 0, transfers: [] };
    const said = (what: string, a: number | string | null, b: number | string | null) => {
      if (a !== b) problems.push(`order ${orderId}: ${what} ${a} in the ledger or our payouts, ${b} at the provider`);
    };
    said("charged", ours.charged, theirs.charged);
    said("refunded to the buyer", ours.refunded, theirs.refunded);
    said("transfers", theirs.transfers.length > 1 ? "several" : ours.payoutSentGroups, theirs.transfers.length);
    const transfer = theirs.transfers[0];
    said("transferred", ours.transferred, transfer?.amount ?? 0);
    said("taken back", ours.reversed, transfer?.reversed ?? 0);
    said("reversal groups", ours.reversedGroups, transfer?.reversalIds.length ?? 0);
    const payout = payouts.get(orderId);
    if (transfer || payout?.transfer_id) {
      said("transfer id", payout?.transfer_id ?? null, transfer?.id ?? null);
      said("payout amount", payout?.amount_cents ?? null, transfer?.amount ?? null);
      said("payout reversed", payout?.reversed_cents ?? null, transfer?.reversed ?? null);
      said("reversal id", payout?.reversal_id ?? null, transfer?.reversalIds[0] ?? null);
    }
  }
  return problems;
}
