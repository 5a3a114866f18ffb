/**
 * Payouts: a seller's payout account, their balances, and the transfers of completed orders' money to them
 * (queued, sent, retried, reversed) — all of it read from and written to the ledger (core/ledger). The providers
 * are simulated (the default) and Stripe Connect: clients made once, handed to the verbs that call them.
 */
export { finance } from "./finance.ts";
export { refreshAccount, setUpPayouts, startOnboarding } from "./payout-accounts.ts";
export type { PayoutProvider } from "./provider.ts";
export { queuePayouts } from "./queue-payouts.ts";
export { allPayoutLines, myPayouts, sellerPayouts } from "./read-payouts.ts";
export { PAYOUTS_JOB, type PayoutSchedule, payOutSoon, runPayouts } from "./run-payouts.ts";
export { reverseAfterRefund } from "./send-payouts.ts";
export { createSimulatedPayoutProvider } from "./simulated-payout-provider.ts";
export { createStripePayoutProvider } from "./stripe-payout-provider.ts";
