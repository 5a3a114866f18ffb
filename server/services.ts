import {
  createAccounts,
  createAuth,
  createCounters,
  createLoginThrottle,
  createProfile,
  createSignUpLimit,
  DEFAULT_LOGIN_LIMITS,
} from "../core/accounts/index.ts";
import { createAudit } from "../core/audit/index.ts";
import { createAdvertCommands, createBrandAdmin, createCatalogue } from "../core/catalogue/index.ts";
import { createDiskStorage, createS3Storage, type MediaStorage } from "../core/media/index.ts";
import { createPeople, createReports } from "../core/moderation/index.ts";
import { createOrders } from "../core/orders/index.ts";
import { createSimulatedProvider, createStripeProvider, type PaymentProvider } from "../core/payments/index.ts";
import type { Database } from "../db/client.ts";
import type { Config } from "./config.ts";

export interface ServiceOptions {
  /** Tests only: skip scrypt. */
  insecureFastHash?: boolean;
  media?: MediaStorage;
}

/** Builds the domain core once per process; pages and API handlers share it. */
export function createServices(config: Config, database: Database, options: ServiceOptions = {}) {
  const { db } = database;
  // In PostgreSQL when there is one, so every app process counts the same attempts.
  const counters = createCounters(database.pool);
  const auth = createAuth({
    db,
    baseURL: config.publicUrl,
    secret: config.authSecret,
    google: config.google,
    throttle: createLoginThrottle(counters, DEFAULT_LOGIN_LIMITS),
    signUpLimit: createSignUpLimit(counters, { limit: config.signUpsPerHour, windowMs: 60 * 60_000 }),
    insecureFastHash: options.insecureFastHash,
  });
  // The simulated provider's ledger always exists: the demo's sales are paid through it, and a payment
  // is refunded through the provider that took it, whatever takes cards today.
  const simulated = createSimulatedProvider(db);
  const provider: PaymentProvider =
    config.payments.kind === "stripe" ? createStripeProvider(config.payments) : simulated;
  const media =
    options.media ?? (config.media.kind === "s3" ? createS3Storage(config.media) : createDiskStorage(config.media.dir));
  return {
    database,
    db,
    auth,
    media,
    brandAdmin: createBrandAdmin({ db, media }),
    adverts: createAdvertCommands({ db, media }),
    payments: provider,
    orders: createOrders({ db, provider, simulated }),
    accounts: createAccounts({ db, auth }),
    people: createPeople({ db }),
    profile: createProfile({ db }),
    audit: createAudit({ db }),
    reports: createReports({ db }),
    catalogue: createCatalogue({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;
