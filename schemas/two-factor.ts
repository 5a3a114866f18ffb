import { z } from "zod";

/**
 * Two-factor authentication (better-auth's TOTP plugin, core/accounts/two-factor.ts): the forms' rules, and
 * (two-factor-labels.ts) the words people read and ADMIN_TWO_FACTOR's values. One place, for the pages, the API
 * and the tests.
 */
export * from "./two-factor-labels.ts";

/** An authenticator's code: six digits (spaces people copy with it are dropped). */
export const totpCodeSchema = z
  .string({ error: "Enter the 6-digit code" })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** A backup code as shown: ten letters and digits, a dash in the middle (spaces dropped). */
export const backupCodeSchema = z
  .string({ error: "Enter a backup code" })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, "Enter a backup code like abcde-12345"));

/** How long a browser trusted at the second step signs in with the first factor alone (better-auth's default). */
export const TRUSTED_BROWSER_DAYS = 30;

/**
 * The second step's checkbox (trusted-browsers.ts says what forgets them). Here, not with TWO_FACTOR_MESSAGES, whose
 * file every page's script carries: only that page shows it.
 */
export const TRUST_BROWSER_LABEL = `Don't ask for a code on this browser for ${TRUSTED_BROWSER_DAYS} days`;

/** The second step's checkbox ("true" when ticked, absent otherwise). */
const trustBrowserField = z
  .enum(["true", "false"], { error: "Trust this browser is either true or false" })
  .optional()
  .transform((v) => v === "true");

/**
 * The sign-in's second step: an authenticator code, or a backup code instead; and whether this browser may skip
 * it for TRUSTED_BROWSER_DAYS.
 */
export const signInCodeSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCodeSchema, trustBrowser: trustBrowserField }),
  z.object({ method: z.literal("backup"), code: backupCodeSchema, trustBrowser: trustBrowserField }),
]);
export type SignInCodeInput = z.infer<typeof signInCodeSchema>;

/** "Turn on", "Turn off" and "New backup codes" all ask the password first. */
export const twoFactorPasswordSchema = z.object({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(1000, "Wrong password."),
});

/** Turning it on: the first code from the app proves it was set up. */
export const twoFactorConfirmSchema = z.object({ code: totpCodeSchema });

/* ── The API (better-auth's two-factor endpoints, as /api/auth/two-factor/… exposes them) ─────────────── */

/** POST /api/auth/sign-in/email's answer for an account with two-factor on: no session yet, the code next. */
export const codeNeededReplySchema = z
  .object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) })
  .meta({ id: "CodeNeeded" });

/** The second step (or the first code when turning it on): `code`, and whether to trust the browser TRUSTED_BROWSER_DAYS. */
export const verifyCodeBodySchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9-]{6,11}$/, "Enter the 6-digit code, or a backup code like abcde-12345"),
  trustDevice: z.boolean().optional(),
});

export const twoFactorSetupReplySchema = z.object({
  totpURI: z.string().meta({ description: "otpauth://totp/ReLaptop:… for the authenticator app (its QR code)" }),
  backupCodes: z.array(z.string()),
});
export const backupCodesReplySchema = z.object({ status: z.boolean(), backupCodes: z.array(z.string()) });
