import type { JobQueue } from "../jobs/index.ts";
import type { PaymentProvider, ServerCardProvider } from "../payments/index.ts";

/** Where payments and refunds are counted by outcome (server/metrics.ts: relaptop_payments_total). */
export interface PaymentCounter {
  /** Runs a money operation and counts what it came to: `outcome` of its answer (null: nothing), else the refusal's code. */
  countPayment<T>(
    operation: "pay" | "refund",
    outcome: (result: T) => string | null,
    work: () => Promise<T>,
  ): Promise<T>;
}

/**
 * What taking and returning money needs besides the database: the provider taking cards, the test-card one (the
 * demo's sales, and refunds of payments it took), the job queue (a sale's, or a refunded sale's, news to a
 * laptop's many savers) and, in a server, where outcomes are counted.
 */
export interface Money {
  jobs: JobQueue;
  provider: PaymentProvider;
  simulated: ServerCardProvider;
  counter?: PaymentCounter;
}

/** Counts a money operation when there is a counter; runs it all the same when there is none (seeds, benchmarks). */
export const counted = <T>(
  { counter }: Money,
  operation: "pay" | "refund",
  outcome: (result: T) => string | null,
  work: () => Promise<T>,
): Promise<T> => (counter ? counter.countPayment(operation, outcome, work) : work());

/** Payments are refunded by the provider that took them, whatever takes cards today. */
export function refunder({ provider, simulated }: Money, name: string) {
  if (name === provider.name) return provider;
  if (name === simulated.name) return simulated;
  throw new Error(`no payment provider named ${name} to refund through`);
}
