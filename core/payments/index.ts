/**
 * Payments: the card providers — simulated (the default, Stripe's test cards, its own ledger) and
 * Stripe. Taking and returning money for an order is the orders domain's (core/orders/payment-steps.ts).
 */
export type { Card, PaymentProvider, ServerCardProvider } from "./provider.ts";
export { createSimulatedProvider } from "./simulated-provider.ts";
export { createStripeProvider, type StripeProvider, stripeClient } from "./stripe-provider.ts";
