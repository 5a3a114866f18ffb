import { z } from "zod";

/**
 * Ids in paths are UUIDs, checked at the edge (the API and the pages) and nowhere else. The API refuses anything
 * else with 400 naming the field; the core
 * is never asked about "not-a-uuid" (PostgreSQL would refuse to compare it with a uuid column).
 */
export const uuidParam = () => z.uuid({ error: "Not a valid id" });

export const idParams = z.object({ id: uuidParam() });

/** Accounts are better-auth's, with its own ids: letters and digits, not UUIDs. */
export const accountIdParams = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, "Not a valid id") });

/** An advert's reports are addressed by the advert. */
export const advertIdParams = z.object({ advertId: uuidParam() });

/** A payment intent's id is Stripe's own ("pi_…"), not a UUID: the core asks Stripe about it. */
export const intentParams = z.object({ id: uuidParam(), intentId: z.string() });

/** A seller's adverts are addressed by the seller's email. */
export const sellerEmailParams = z.object({ email: z.string() });

/** Better-auth's sign-in callbacks are addressed by the provider ("google"). */
export const providerParams = z.object({ providerId: z.string() });

/**
 * A page's id from its path, or null when it cannot be an id: the page answers as for an id that names nothing
 * (its 404), and the core is never asked about it.
 */
export const idFromPath = (value: string | undefined): string | null => uuidParam().safeParse(value).data ?? null;
