/** The database's tables, one file per domain (as core/ is): what Drizzle, drizzle-kit and the domains import. */
export * from "./accounts.ts";
export * from "./audit.ts";
export * from "./catalogue.ts";
export * from "./conversations.ts";
export * from "./disputes.ts";
export * from "./favourites.ts";
export * from "./ledger.ts";
export * from "./media.ts";
export * from "./moderation.ts";
export * from "./notifications.ts";
export * from "./orders.ts";
export * from "./payments.ts";
export * from "./payouts.ts";
export * from "./privacy.ts";
export * from "./proofs.ts";
export * from "./reviews.ts";
export * from "./saved-searches.ts";
