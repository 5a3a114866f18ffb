import { z } from "zod";
import { accountIdParams } from "./params.ts";

/** Sessions listed on the profile: enough for anyone's phones, laptops and browsers, newest first. */
export const SESSIONS_SHOWN = 50;

/** One place a person is signed in, as the profile's "Where you're signed in" lists it. */
export const signedInSessionSchema = z.object({
  /** better-auth's session id (never its token, which is the cookie's secret). */
  id: z.string(),
  /** Read from the browser's user agent: "Chrome on Windows", or "Unknown device". */
  device: z.string(),
  /** The address it was signed in from (no place: no geolocation database is configured). */
  address: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  /** When the session was last used or extended (better-auth extends it at most daily). */
  lastActiveAt: z.iso.datetime(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type SignedInSession = z.input<typeof signedInSessionSchema>;

export const signedInSessionsSchema = z.object({
  items: z.array(signedInSessionSchema),
  /** More sessions than listed exist (the oldest are left out). */
  more: z.boolean(),
});

/** A session is named by better-auth's id: letters and digits. */
export const sessionIdParams = accountIdParams;

export const signedOutOthersSchema = z.object({ ended: z.number().int().min(0) });

export const SESSION_MESSAGES = {
  notFound: "That session is not yours or has already ended.",
  signedOut: "That device is signed out.",
  signedOutOthers: (n: number) =>
    n === 0 ? "You were not signed in anywhere else." : `Signed out of ${n} other ${n === 1 ? "session" : "sessions"}.`,
} as const;
