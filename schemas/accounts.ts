import { z } from "zod";
import { MESSAGES } from "./messages.ts";
import { hasCheckMark, skeleton, visibleText } from "./text-safety.ts";
import { ROLES } from "./values.ts";

const m = MESSAGES.field;

export const PASSWORD_MIN_LENGTH = 6;
/** A lowercase letter, an uppercase letter, a digit and one of ! # $ % & ? " (spec §5). */
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!#$%&?"]).*$/;

const trimmed = (message: string) => z.string({ error: message }).trim().min(1, message);

export const passwordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .regex(STRONG_PASSWORD, m.passwordWeak);

export const loginSchema = z.object({
  email: trimmed(m.loginEmailRequired),
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired),
});

export const NAME_MESSAGES = {
  tooLong: "Name must be 100 characters or fewer",
  checkMark: "Name cannot contain a check mark: only ReLaptop shows the verified badge",
  role: "Name cannot look like a role or ReLaptop staff (admin, moderator, verified)",
} as const;

/** Refused anywhere in a name, once it is read as it looks (`skeleton`): "Unverified", "ReLaptopTeam". */
const ROLE_TEXT = ["verified", "moderator", "administrator", "relaptop"].map(skeleton);
/** Refused as whole words only, so that "Badminton" and "Stafford" stay possible. */
const ROLE_WORDS = new Set(["admin", "admins", "sysadmin", "mod", "mods", "staff", "official"].map(skeleton));

/** Whether a name passes for a role, the site's staff or its verified sellers, look-alike letters included. */
export function imitatesRole(name: string): boolean {
  const looks = skeleton(name);
  const letters = looks.replace(/[^\p{L}\p{N}]/gu, "");
  return (
    ROLE_TEXT.some((word) => letters.includes(word)) ||
    looks.split(/[^\p{L}\p{N}]+/u).some((word) => ROLE_WORDS.has(word))
  );
}

/**
 * A person's name, as shown beside their adverts and in admin lists: stored as it looks (NFC, no
 * invisible or bidi control characters), and never passing for the verified badge or a role.
 * Sign-up, seller registration, profile rename and better-auth's own endpoints all use it.
 */
export const nameSchema = z
  .string({ error: m.nameRequired })
  .overwrite(visibleText)
  .min(1, m.nameRequired)
  .max(100, NAME_MESSAGES.tooLong)
  .refine((name) => !hasCheckMark(name), { message: NAME_MESSAGES.checkMark, abort: true })
  .refine((name) => !imitatesRole(name), NAME_MESSAGES.role);

/** An email address as typed into a form: sign-up's, and the forgotten-password and sign-in link forms'. */
export const emailSchema = trimmed(m.emailRequired).pipe(z.email(m.emailInvalid));

/** Sign-up and seller sign-up share one set of rules. */
export const signUpSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});

export type LoginInput = z.infer<typeof loginSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

export const profileSchema = z.object({ name: nameSchema });

/* ── Deleting an account ─────────────────────────────────────────────────── */

/** The name a deleted account has from then on: every page that names a person shows it (messages, reviews, orders). */
export const DELETED_USER_NAME = "Deleted user";

/** An account without a password (Google) proves it is its owner by a sign-in this recent. */
export const FRESH_SIGN_IN_MINUTES = 10;

export const DELETE_ACCOUNT_MESSAGES = {
  passwordRequired: "Type your password to delete your account",
  wrongPassword: "That is not your password",
  tooManyGuesses: "Too many wrong passwords. Try again in a few minutes.",
  signInAgain: `For your safety, sign in again (within ${FRESH_SIGN_IN_MINUTES} minutes) before deleting your account.`,
  deleted: "Your account is deleted. We have sent a confirmation to your email address.",
  adminSelf: "You cannot delete your own account.",
  lastAdmin: "The last admin cannot be deleted.",
  openOrders: (numbers: string[]) =>
    `Your account cannot be deleted while ${numbers.length === 1 ? "an order is" : "orders are"} not finished: ${numbers.join(", ")}. Finish ${numbers.length === 1 ? "it" : "them"} first.`,
  balance: (amount: string) =>
    `Your account cannot be deleted while ${amount} of your sales is not yet paid out. Wait for the payout first.`,
} as const;

/** "Delete my account": the password, for an account that has one (Google accounts sign in again instead). */
export const accountDeletionSchema = z.object({
  password: z.string().max(1000, "That is not your password").optional(),
});
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;

/** "Change email": the link sent to the new address works once, for this long. */
export const EMAIL_CHANGE_LINK_TTL_SECONDS = 24 * 60 * 60;

export const CHANGE_EMAIL_MESSAGES = {
  sameEmail: "This is already your email address",
  emailTaken: "Another account uses this email address",
  passwordRequired: "Type your password to change your email address",
  wrongPassword: "That is not your password",
  tooManyGuesses: "Too many wrong passwords. Try again in a few minutes.",
  signInAgain: `For your safety, sign in again (within ${FRESH_SIGN_IN_MINUTES} minutes) before changing your email address.`,
  tooManyRequests: "Too many email changes asked for this account.",
  sent: (email: string) => `We have sent a link to ${email}. Your email address changes when you follow it.`,
  changed: (email: string) => `Your email address is now ${email}.`,
  linkInvalid: "This link does not work: it was used already, it expired, or a newer one was sent.",
  otherAccount: "This link is for another account. Sign out first, then follow it again.",
  addressTaken: "Another account took this email address in the meantime, so yours was not changed.",
} as const;

/** "Change email": the new address, and the password (an account without one signed in lately instead). */
export const emailChangeSchema = z.object({
  email: emailSchema,
  password: z.string().max(1000, CHANGE_EMAIL_MESSAGES.wrongPassword).optional(),
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/** Following the emailed link. */
export const emailChangeConfirmSchema = z.object({ token: z.string().min(1, "The link has no token").max(200) });

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
  newPassword: passwordSchema,
});

/* ── How an account signs in: a password for a Google account, and its Google account ─────────────────────── */

export const SIGN_IN_WAYS_MESSAGES = {
  passwordSet: "Your password is set. You can now log in with your email address and it.",
  passwordAlreadySet: "This account has a password already: change it above.",
  signInAgainToSetPassword: `For your safety, sign in again (within ${FRESH_SIGN_IN_MINUTES} minutes) before setting a password.`,
  googleLinked: "Your Google account is linked. You can now continue with Google.",
  googleUnlinked: "Your Google account is unlinked: it no longer signs you in.",
  googleNotLinked: "No Google account is linked to this account.",
  googleOnlyWayIn: "Google is how you sign in: set a password first, then unlink it.",
  /** "Continue with Google" for an account whose owner unlinked it (the login page, after Google's page). */
  googleUnlinkedSignIn:
    "You unlinked Google from this account, so it no longer signs you in. Log in with your email and password; to use Google again, link it from your profile.",
  passwordRequired: "Type your password to unlink your Google account",
  wrongPassword: "That is not your password",
  tooManyGuesses: "Too many wrong passwords. Try again in a few minutes.",
  signInAgain: `For your safety, sign in again (within ${FRESH_SIGN_IN_MINUTES} minutes) before unlinking Google.`,
  /** Google's answers when linking (better-auth's error codes), in words a person acts on. */
  linkRefused: {
    email_does_not_match: "That Google account has another email address. Link the Google account of this address.",
    account_already_linked_to_different_user: "That Google account is linked to another ReLaptop account.",
    access_denied: "Google was not linked: you cancelled on Google's page.",
  } as Record<string, string>,
  linkFailed: "Google could not be linked. Try again.",
} as const;

/** The code better-auth's callback sends the browser back with when Google's sign-in is refused for that reason. */
export const GOOGLE_UNLINKED_CODE = "google_unlinked";

/** How an account signs in besides its passkeys: with a password, with Google (or both). */
export const signInWaysSchema = z.object({ password: z.boolean(), google: z.boolean() });
export type SignInWays = z.infer<typeof signInWaysSchema>;

/** "Set a password", for an account that signs in with Google only. */
export const passwordSetSchema = z.object({ newPassword: passwordSchema });

/** "Unlink Google": the password (an account can only unlink Google when it has one). */
export const googleUnlinkSchema = z.object({
  password: z
    .string({ error: SIGN_IN_WAYS_MESSAGES.passwordRequired })
    .min(1, SIGN_IN_WAYS_MESSAGES.passwordRequired)
    .max(1000, SIGN_IN_WAYS_MESSAGES.wrongPassword),
});

/* ── Replies ─────────────────────────────────────────────────────────────── */

/** The signed-in account as every page and API handler sees it. */
export const sessionUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    verified: z.boolean(),
    actingAsSeller: z.boolean().meta({ description: "Sellers: acting as a seller (true) or as a user (false)" }),
    emailVerified: z.boolean().meta({ description: "Whether the account has used its email verification link" }),
    twoFactorEnabled: z.boolean().meta({ description: "Whether signing in asks for an authenticator code too" }),
  })
  .meta({ id: "Account" });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** At most two pages of cards: a list page shows 24. */
const SUMMARY_ADVERTS = 48;

/** The laptops on the page asking (`a,b,c`): whose hearts it fills in. */
export const accountSummaryQuerySchema = z.object({
  advertIds: z
    .string()
    .max(SUMMARY_ADVERTS * 37, `At most ${SUMMARY_ADVERTS} advert ids.`)
    .optional()
    .transform((value) => (value ? value.split(",") : []))
    .pipe(z.array(z.uuid("Each advert id must be a UUID.")).max(SUMMARY_ADVERTS))
    .meta({ description: `Comma-separated advert ids, at most ${SUMMARY_ADVERTS}` }),
});

/**
 * What a catalogue page kept for every signed-in reader of its kind fills in for the person once loaded
 * (decision 10): their name, unread counts, the hearts of its cards and which of its laptops they booked.
 */
export const accountSummarySchema = z
  .object({
    name: z.string(),
    email: z.string(),
    unread: z.object({ notices: z.int(), messages: z.int() }),
    hearts: z
      .object({
        saved: z.array(z.string()).meta({ description: "Of the laptops asked about, those this buyer saved" }),
        own: z.array(z.string()).meta({ description: "Of those, the ones this seller posted (no heart)" }),
      })
      .nullable()
      .meta({ description: "null for an admin: no hearts" }),
    booked: z
      .array(z.string())
      .meta({ description: "Of the laptops asked about, those this person has an open order for (Booked)" }),
  })
  .meta({ id: "AccountSummary" });
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const isAdminReplySchema = z.object({ isAdmin: z.boolean() });
export const isSellerReplySchema = z.object({ isSeller: z.boolean() });

/** Sellers switch between acting as a seller and as a user (a buyer). */
export const actingModeSchema = z.object({ mode: z.enum(["seller", "user"]) });

/* ── The identity endpoints (better-auth's own requests and replies, as the API documents them) ── */

export const sessionReplySchema = z.object({
  token: z.string().nullable().optional(),
  user: z.looseObject({ id: z.string(), email: z.string() }),
});
export const signOutReplySchema = z.object({ success: z.boolean() });
export const socialSignInSchema = z.object({ provider: z.literal("google"), callbackURL: z.string().optional() });
