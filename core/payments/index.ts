/**
 * Payments: the card providers — simulated (the default, Stripe's test cards, its own ledger) and
 * Stripe. Taking and returning money for an order is the orders domain's (core/orders/pay-order.ts).
 */
export { cardProblem, luhnValid } from "./card-checks.ts";
export { type Card, cardError, type PaymentProvider, type ServerCardProvider } from "./provider.ts";
export { createSimulatedProvider } from "./simulated-provider.ts";
export { createStripeProvider, type StripeProvider, stripeClient } from "./stripe-provider.ts";
