/**
 * Two-factor authentication's words, paths and ADMIN_TWO_FACTOR's values, zod-free: the public pages' links read
 * its paths (app/lib/paths.ts), and must not bring zod with them. The forms' rules are in two-factor.ts.
 */
export const ADMIN_TWO_FACTOR = ["required", "optional"] as const;
export type AdminTwoFactor = (typeof ADMIN_TWO_FACTOR)[number];

/** Where a person turns it on, off, or gets new backup codes; an admin made to turn it on is sent here. */
export const TWO_FACTOR_PATH = "/account/two-factor";
/** The sign-in's second step, after a right password for an account that has it on. */
export const SIGN_IN_CODE_PATH = "/login/two-factor";

/** How many backup codes a person gets at once (better-auth's default): each works once. */
export const BACKUP_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  /** An admin without it, under ADMIN_TWO_FACTOR=required: the page's toast and the API's 403. */
  requiredForAdmin: "Turn on two-factor authentication to use admin pages.",
  /** The admin dashboard's notice while it is off (ADMIN_TWO_FACTOR=optional). */
  protectAdmin: "Protect this admin account: turn on two-factor",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  wrongBackupCode: "That backup code is not right, or it was used already.",
  /** The second step's challenge (10 minutes after the password) has run out, or was never started. */
  signInExpired: "Your sign-in has timed out. Log in again with your password.",
  wrongPassword: "Wrong password.",
  turnedOn: "Two-factor authentication is on.",
  turnedOff: "Two-factor authentication is off.",
  newCodes: "New backup codes are ready: the old ones no longer work.",
  saveCodes:
    "Save these now: they are shown only once. Each code signs you in once if you lose your phone; keep them somewhere safe, away from your phone.",
} as const;
