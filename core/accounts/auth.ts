import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getOAuthState, getSessionFromCtx } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { magicLink } from "better-auth/plugins/magic-link";
import { twoFactor } from "better-auth/plugins/two-factor";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import {
  RESET_LINK_TTL_SECONDS,
  resetPasswordBodySchema,
  VERIFY_LINK_TTL_SECONDS,
} from "../../schemas/account-recovery.ts";
import { GOOGLE_UNLINKED_CODE, nameSchema, SIGN_IN_WAYS_MESSAGES, signUpSchema } from "../../schemas/accounts.ts";
import { fieldErrors } from "../../schemas/form-errors.ts";
import { LOGIN_MESSAGES, SIGN_IN_LINK_TTL_SECONDS } from "../../schemas/login-limits.ts";
import { PASSKEY_MESSAGES, passkeyNameSchema } from "../../schemas/passkeys.ts";
import type { SignInChange } from "../../schemas/sign-in-changes.ts";
import { visibleText } from "../../schemas/text-safety.ts";
import { BACKUP_CODE_COUNT, TRUSTED_BROWSER_DAYS } from "../../schemas/two-factor.ts";
import type { Counter } from "./counters.ts";
import { DELETION_GUESSES } from "./delete-own-account.ts";
import { createDeviceCookies } from "./device-cookie.ts";
import type { LoginThrottle, SignUpLimit } from "./login-throttle.ts";
import type { PasswordHashing } from "./password-hashing.ts";
import type { RecoveryLimiter } from "./recovery-limits.ts";
import { resetLinkHooks } from "./reset-links.ts";
import { recordSignInChange, unlinkedGoogleLast } from "./sign-in-changes.ts";
import { forgetTrustedBrowsers } from "./trusted-browsers.ts";

/** The account's own emails; the server writes them to the outbox (core/notifications). */
export type AccountEmail =
  | "account.passwordReset"
  | "account.verifyEmail"
  | "account.signInLink"
  | "account.loginsPaused";
export type SendAccountEmail = (kind: AccountEmail, userId: string, url: string) => Promise<void>;

/**
 * "Forgot password" and "email me a sign-in link" answer no sooner than this, whether the account exists or
 * not: the known path writes a token and an email row, the unknown one less, and both then wait out the
 * rest, so the time tells nothing. Well above what the known path takes on a busy machine.
 */
export const RESET_ANSWER_MS = 400;

/** Where a new session starts (so the browser gets a device cookie for its account): every way in. */
const SIGNS_IN =
  /^\/(sign-in\/email|sign-up\/email|reset-password|magic-link\/verify|oauth2\/callback\/|callback\/|passkey\/verify-authentication|two-factor\/verify-)/;

/**
 * Ways in that prove one factor only (an emailed sign-in or reset link, Google): with two-factor on, the code
 * comes next — else whoever reads the owner's email would be in without it.
 */
const PROVES_ONE_FACTOR = /^\/(magic-link\/verify|callback\/|reset-password)/;

/** What ends every browser trusted at the second step (trusted-browsers.ts). */
const FORGETS_TRUSTED_BROWSERS = new Set(["/reset-password", "/change-password", "/two-factor/disable"]);

/**
 * better-auth's endpoints that change how an account signs in, done (sign-in-changes.ts); removing a passkey is
 * our own verb (passkeys.ts), which records it in its transaction. The app's first code turns two-factor on only
 * when it was off (the before hook says).
 */
const SIGN_IN_CHANGES_BY_PATH: Record<string, SignInChange> = {
  "/change-password": "passwordChanged",
  "/reset-password": "passwordReset",
  "/passkey/verify-registration": "passkeyAdded",
  "/two-factor/verify-totp": "twoFactorOn",
  "/two-factor/disable": "twoFactorOff",
  "/two-factor/generate-backup-codes": "backupCodesRenewed",
};

/** Our cookies' names start with it (better-auth's cookiePrefix). */
export const AUTH_COOKIE_PREFIX = "relaptop";
/** better-auth's two-factor plugin's challenge cookie (its constant.ts; the package does not export it). */
export const TWO_FACTOR_COOKIE = "two_factor";
/** What a hook sees of a request. */
type AuthCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The sign-in's second step (two-factor): its codes are counted with the passwords (login-throttle.ts). */
const SECOND_STEP = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);
/** Two-factor's changes that ask the password: wrong ones counted per account, as "Delete my account" counts them. */
const TWO_FACTOR_PASSWORD = new Set([
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/two-factor/get-totp-uri",
]);

export interface AuthOptions {
  db: Db;
  baseURL: string;
  secret: string;
  google?: { discoveryUrl: string; clientId: string; clientSecret: string };
  throttle: LoginThrottle;
  signUpLimit: SignUpLimit;
  recoveryLimits: RecoveryLimiter;
  /** Wrong passwords per account for the operations a session alone may not do (delete-own-account.ts). */
  wrongPasswords: Counter;
  /** Writes a reset or verification link to the outbox; without it no such email is sent. */
  sendAccountEmail?: SendAccountEmail;
  /** The process's password hashing, so many at once (PASSWORD_HASHES_AT_ONCE; password-hashing.ts). */
  passwordHashing: PasswordHashing;
  /** Tests only: a cheap password hash instead of scrypt (~110 ms per hash). */
  insecureFastHash?: boolean;
}

export const GOOGLE_PROVIDER_ID = "google";

/** An account as better-auth's adapter reads it, with our field. */
type Owner = { id: string; emailVerified: boolean; deactivatedAt?: Date | null };

/** The address a request came from, as the edge recorded it in x-forwarded-for. */
export function clientIp(headers: Headers | undefined): string {
  return headers?.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}

/** 429 with Retry-After, and the wait in words for people (then `orElse`, another way, if there is one). */
function tooMany(reason: string, waitMs: number, orElse?: string) {
  const minutes = Math.ceil(waitMs / 60_000);
  const wait = `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_REQUESTS", message: `${reason} ${wait}${orElse ? `, ${orElse}` : ""}.` },
    { "retry-after": String(Math.ceil(waitMs / 1000)) },
  );
}

/**
 * The name to store: always as it looks (no invisible characters); refused when a client's request
 * chose one that passes for a role or the verified badge. Our own code (seeds, factories) calls without
 * a request and may name its demo admin "Ada Admin".
 */
function acceptedName(name: string, ctx: { headers?: Headers } | null): string {
  if (!ctx?.headers) return visibleText(name);
  const parsed = nameSchema.safeParse(name);
  if (parsed.success) return parsed.data;
  throw new APIError("BAD_REQUEST", {
    code: "VALIDATION_FAILED",
    message: "Check the highlighted fields.",
    fields: { name: parsed.error.issues[0]?.message ?? "Name is not allowed" },
  });
}

export function createAuth(options: AuthOptions) {
  const { db, throttle, signUpLimit, recoveryLimits, wrongPasswords } = options;
  const send: SendAccountEmail = options.sendAccountEmail ?? (async () => {});
  const link = (path: string, token: string) => `${options.baseURL}${path}?${new URLSearchParams({ token })}`;
  // One request's state between its before and after hooks (keyed by the request's auth context).
  const startedAt = new WeakMap<object, number>();
  const resetting = new WeakMap<object, string>();
  // The account whose sign-in a second-step code is for (its email, as the login limits key it).
  const secondStepFor = new WeakMap<object, string>();
  // The account whose password a two-factor change checks (its wrong ones are counted).
  const passwordOf = new WeakMap<object, string>();
  // The account whose two-factor this request switches — on by the app's first code (not a sign-in's), off by
  // its password — set only when it was the other way before, so that a switch that changes nothing tells nobody.
  const switching = new WeakMap<object, string>();
  const devices = createDeviceCookies({ secret: options.secret, secure: options.baseURL.startsWith("https://") });
  /** The device this request's browser proved for the account it names, or null. */
  const deviceOf = (ctx: { getCookie: (name: string) => string | null }, email: string) =>
    devices.verify(email, ctx.getCookie(devices.nameFor(email)));
  // Two-factor (TOTP and backup codes): the sign-in's second step, after a right password.
  const secondStep = twoFactor({
    issuer: "ReLaptop",
    trustDeviceMaxAge: TRUSTED_BROWSER_DAYS * 24 * 60 * 60,
    backupCodeOptions: { amount: BACKUP_CODE_COUNT },
  });
  /** The account a second-step request signs in to: its challenge cookie's, as the plugin reads it. */
  async function signingInAs(ctx: AuthCtx): Promise<string | null> {
    const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
    const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!challenge) return null;
    const found = await ctx.context.internalAdapter.findVerificationValue(challenge);
    const user = found && (await ctx.context.internalAdapter.findUserById(found.value));
    return user ? user.email : null;
  }
  // Its account hook (a password changed) and ours (a Google account linked) are merged below.
  const resetLinks = resetLinkHooks(db);
  return betterAuth({
    appName: "ReLaptop",
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [options.baseURL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        passkey: schema.passkeys,
        twoFactor: schema.twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      autoSignIn: true,
      // Forgot password: the link goes through the outbox (never sent in the request), works once, for an hour.
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      sendResetPassword: async ({ user, token }) =>
        send("account.passwordReset", user.id, link("/reset-password", token)),
      // A reset ends every session; the after hook below then starts the one of whoever reset it.
      revokeSessionsOnPasswordReset: true,
      // The owner proved who they are: the account's failed logins no longer hold them back.
      onPasswordReset: async ({ user }) => throttle.forgetAccount(user.email),
      password: options.insecureFastHash
        ? {
            hash: async (password: string) => `plain:${password}`,
            verify: async ({ hash, password }: { hash: string; password: string }) => hash === `plain:${password}`,
          }
        : options.passwordHashing,
    },
    emailVerification: {
      // A link on sign-up; nothing waits for it (no requireEmailVerification): it is a trust mark.
      sendOnSignUp: true,
      expiresIn: VERIFY_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        if (!user.emailVerified) await send("account.verifyEmail", user.id, link("/verify-email", token));
      },
    },
    user: {
      additionalFields: {
        // Never accepted from a client: role changes go through core/accounts only.
        role: { type: "string", input: false, defaultValue: "user" },
        verified: { type: "boolean", input: false, defaultValue: false },
        actingAsSeller: { type: "boolean", input: false, defaultValue: true },
        deactivatedAt: { type: "date", input: false, required: false },
      },
      // Google's sign-in joins an existing account by its address (accountLinking below), except one whose owner
      // unlinked Google: "it no longer signs you in" holds until they link it again from the profile (a link
      // the owner starts carries `link` in its OAuth state).
      validateUserInfo: async ({ user, source }) => {
        if (source.action !== "link-account" || source.oauth?.providerId !== GOOGLE_PROVIDER_ID) return;
        if ((await getOAuthState())?.link || typeof user.id !== "string") return;
        if (await unlinkedGoogleLast(db, user.id)) {
          return { error: GOOGLE_UNLINKED_CODE, errorDescription: SIGN_IN_WAYS_MESSAGES.googleUnlinkedSignIn };
        }
      },
    },
    account: {
      // Google verifies addresses, so its sign-in may join an existing password account (not one that unlinked it).
      accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] },
    },
    session: { cookieCache: { enabled: false } },
    databaseHooks: {
      // One live reset link per account: a new one, a reset or a password change ends the others.
      ...resetLinks,
      // Every way an account gets or changes its name (sign-up, Google, update-user) ends here.
      user: {
        create: {
          // Accounts our own code creates (seeds, factories: no request) are trusted with their address.
          before: async (user, ctx) => ({
            data: { ...user, name: acceptedName(user.name, ctx), ...(!ctx?.headers && { emailVerified: true }) },
          }),
        },
        update: {
          before: async (data, ctx) =>
            typeof data.name === "string" ? { data: { ...data, name: acceptedName(data.name, ctx) } } : undefined,
        },
      },
      account: {
        ...resetLinks.account,
        create: {
          // A Google account joined to an account that had another way in already (its password): the owner is
          // told, as of any new way in. Google's first sign-in, which creates the account with it, is not a
          // change. A failure to record it is logged: the link stands.
          async after(account, ctx) {
            if (account.providerId !== GOOGLE_PROVIDER_ID) return;
            try {
              await db.transaction(async (tx) => {
                const [other] = await tx
                  .select({ id: schema.accounts.id })
                  .from(schema.accounts)
                  .where(and(eq(schema.accounts.userId, account.userId), ne(schema.accounts.id, account.id)))
                  .limit(1);
                if (other) await recordSignInChange(tx, account.userId, "googleLinked");
              });
            } catch (error) {
              // Linked by our own code (no endpoint's context): the process's error output.
              (ctx?.context.logger ?? console).error(
                `could not record the Google account linked to ${account.userId}`,
                error,
              );
            }
          },
        },
      },
      session: {
        create: {
          // A deleted (deactivated) account cannot start a session, by password or by Google.
          async before(session) {
            const [user] = await db
              .select({ deactivatedAt: schema.users.deactivatedAt })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (user?.deactivatedAt) {
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_DELETED", message: "This account has been deleted." });
            }
          },
        },
      },
    },
    // Our own throttle (below) counts failed logins per account and per address.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: options.baseURL.startsWith("https://"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Accounts our own code creates (seeds, factories) come without a request: they are trusted
        // (the demo admin is "Ada Admin") and not limited.
        if (ctx.path === "/sign-up/email" && ctx.headers) {
          // The same rules and messages as the sign-up forms, for every client.
          const parsed = signUpSchema.safeParse(ctx.body);
          if (!parsed.success) {
            throw new APIError("BAD_REQUEST", {
              code: "VALIDATION_FAILED",
              message: "Check the highlighted fields.",
              fields: fieldErrors(parsed.error),
            });
          }
          const wait = await signUpLimit.take(clientIp(ctx.headers));
          if (wait > 0) throw tooMany("Too many new accounts from your network.", wait);
        }
        if (ctx.path === "/sign-in/email") {
          const email = String(ctx.body?.email ?? "");
          const refused = await throttle.refusal(email, clientIp(ctx.headers), deviceOf(ctx, email));
          if (refused?.by === "account") {
            throw tooMany(LOGIN_MESSAGES.accountPaused, refused.wait, LOGIN_MESSAGES.orLink);
          }
          if (refused) throw tooMany(LOGIN_MESSAGES.tooManyFailures, refused.wait);
        }
        if (ctx.path === "/sign-in/magic-link") {
          const refused = await recoveryLimits.signInLink(String(ctx.body?.email ?? ""), clientIp(ctx.headers));
          if (refused) {
            const why = refused.by === "email" ? "tooManyLinksForEmail" : "tooManyLinksFromNetwork";
            throw tooMany(LOGIN_MESSAGES[why], refused.wait);
          }
          startedAt.set(ctx.context, Date.now());
        }
        if (ctx.path === "/magic-link/verify") {
          const wait = await recoveryLimits.resetAttempt(clientIp(ctx.headers));
          if (wait > 0) throw tooMany(LOGIN_MESSAGES.tooManyLinkAttempts, wait);
        }
        if (ctx.path === "/request-password-reset") {
          const refused = await recoveryLimits.resetRequest(String(ctx.body?.email ?? ""), clientIp(ctx.headers));
          if (refused) {
            const who = refused.by === "email" ? "for this email address" : "from your network";
            throw tooMany(`Too many password reset requests ${who}.`, refused.wait);
          }
          startedAt.set(ctx.context, Date.now());
        }
        if (ctx.path === "/reset-password") {
          const wait = await recoveryLimits.resetAttempt(clientIp(ctx.headers));
          if (wait > 0) throw tooMany("Too many password reset attempts from your network.", wait);
          // The sign-up rules and messages for the new password, for every client.
          const parsed = resetPasswordBodySchema.safeParse({ ...ctx.query, ...ctx.body });
          if (!parsed.success) {
            throw new APIError("BAD_REQUEST", {
              code: "VALIDATION_FAILED",
              message: "Check the highlighted fields.",
              fields: fieldErrors(parsed.error),
            });
          }
          const found = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${parsed.data.token}`);
          if (found) resetting.set(ctx.context, found.value);
        }
        if (
          ctx.path === "/passkey/generate-authenticate-options" ||
          ctx.path === "/passkey/generate-register-options"
        ) {
          const wait = await recoveryLimits.passkeyChallenge(clientIp(ctx.headers));
          if (wait > 0) throw tooMany(PASSKEY_MESSAGES.tooManyChallenges, wait);
        }
        if (ctx.path === "/passkey/verify-registration") {
          // A new passkey is named (the profile suggests the device), as the profile's rename requires.
          const parsed = passkeyNameSchema.safeParse(ctx.body?.name);
          if (!parsed.success) {
            throw new APIError("BAD_REQUEST", {
              code: "VALIDATION_FAILED",
              message: "Check the highlighted fields.",
              fields: { name: parsed.error.issues[0]?.message ?? "Name is not allowed" },
            });
          }
          return { context: { body: { ...ctx.body, name: parsed.data } } };
        }
        if (ctx.path === "/send-verification-email") {
          const wait = await recoveryLimits.verificationEmail(String(ctx.body?.email ?? ""), clientIp(ctx.headers));
          if (wait > 0) throw tooMany("Too many verification emails for this address.", wait);
        }
        if (ctx.path === "/two-factor/verify-totp" || ctx.path === "/two-factor/disable") {
          const session = await getSessionFromCtx(ctx);
          const turnsOn = ctx.path === "/two-factor/verify-totp";
          if (session && Boolean(session.user.twoFactorEnabled) !== turnsOn)
            switching.set(ctx.context, session.user.id);
        }
        if (SECOND_STEP.has(ctx.path)) {
          // A code is a guess like a password: the same limits, keyed the same way, refuse it.
          const email = await signingInAs(ctx);
          if (email) {
            const refused = await throttle.refusal(email, clientIp(ctx.headers), deviceOf(ctx, email));
            if (refused) throw tooMany(LOGIN_MESSAGES.tooManyFailures, refused.wait);
            secondStepFor.set(ctx.context, email);
          }
        }
        if (TWO_FACTOR_PASSWORD.has(ctx.path)) {
          const session = await getSessionFromCtx(ctx);
          if (session) {
            const tried = await wrongPasswords.get(session.user.id);
            if (tried.count >= DELETION_GUESSES.limit) throw tooMany("Too many wrong passwords.", tried.msLeft);
            passwordOf.set(ctx.context, session.user.id);
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const refused = ctx.path === "/passkey/verify-registration" && ctx.context.returned;
        if (refused instanceof APIError && refused.statusCode === 500) {
          // The plugin calls any answer it cannot verify its own failure (500): it is the browser's bad answer. A
          // Response, not an APIError: better-auth would answer a replaced error with the first one's status.
          return Response.json({ code: "PASSKEY_NOT_ADDED", message: PASSKEY_MESSAGES.addFailed }, { status: 400 });
        }
        if (ctx.path === "/request-password-reset" || ctx.path === "/sign-in/magic-link") {
          const started = startedAt.get(ctx.context);
          const wait = started === undefined ? 0 : started + RESET_ANSWER_MS - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          return;
        }
        // A password changed, or two-factor turned off: no browser trusted before skips the code any more.
        if (FORGETS_TRUSTED_BROWSERS.has(ctx.path) && !(ctx.context.returned instanceof APIError)) {
          const userId = ctx.path === "/reset-password" ? resetting.get(ctx.context) : ctx.context.session?.user.id;
          if (userId) await forgetTrustedBrowsers(db, userId);
        }
        const change = SIGN_IN_CHANGES_BY_PATH[ctx.path];
        if (change && !(ctx.context.returned instanceof APIError)) {
          const userId =
            change === "passwordReset"
              ? resetting.get(ctx.context)
              : change === "twoFactorOn" || change === "twoFactorOff"
                ? switching.get(ctx.context)
                : ctx.context.session?.user.id;
          try {
            if (userId) await db.transaction((tx) => recordSignInChange(tx, userId, change));
          } catch (error) {
            // The change itself is committed (better-auth's write) and its answer carries the new session: a
            // failure to tell of it must not turn it into an error and sign the person out.
            ctx.context.logger.error(`could not record the sign-in change ${change} of ${userId}`, error);
          }
        }
        if (ctx.path === "/reset-password") {
          const userId = resetting.get(ctx.context);
          if (!userId || ctx.context.returned instanceof APIError) return;
          // Success signs them in: every other session ended with the reset; this one is new.
          const user = await ctx.context.internalAdapter.findUserById(userId);
          if (!user) return;
          await throttle.recordSuccess(user.email, clientIp(ctx.headers), null);
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
        }
        if (ctx.path === "/sign-in/email") {
          const email = String(ctx.body?.email ?? "");
          const device = deviceOf(ctx, email);
          const returned = ctx.context.returned;
          // A right password for an account with two-factor on is not in yet: the code will say (below).
          const codeNext = await secondStep.shouldRequireTwoFactor(ctx);
          if (codeNext) return;
          if (!(returned instanceof APIError)) {
            await throttle.recordSuccess(email, clientIp(ctx.headers), device);
          } else if (returned.statusCode === 401) {
            // 429 is our own refusal above: only a wrong password counts.
            const { ceilingReached } = await throttle.recordFailure(email, clientIp(ctx.headers), device);
            if (ceilingReached) {
              // Once per window: the owner hears why new devices are refused, and how to get in.
              const user = (await ctx.context.internalAdapter.findUserByEmail(email))?.user as Owner | undefined;
              if (user && !user.deactivatedAt)
                await send("account.loginsPaused", user.id, `${options.baseURL}/login/link`);
            }
          }
        }
        const secondStepEmail = secondStepFor.get(ctx.context);
        if (secondStepEmail) {
          const device = deviceOf(ctx, secondStepEmail);
          const returned = ctx.context.returned;
          if (!(returned instanceof APIError))
            await throttle.recordSuccess(secondStepEmail, clientIp(ctx.headers), device);
          else if (returned.statusCode === 401)
            await throttle.recordFailure(secondStepEmail, clientIp(ctx.headers), device);
        }
        const passwordFor = passwordOf.get(ctx.context);
        if (passwordFor) {
          const returned = ctx.context.returned;
          if (returned instanceof APIError && returned.body?.code === "INVALID_PASSWORD") {
            await wrongPasswords.add(passwordFor);
          }
        }
        // An emailed link proves the address, and Google the Google account, not the second factor: with
        // two-factor on, the code is asked next, as after a password (the plugin's own step: the session ended,
        // its challenge cookie set). A reset's new password stands; its answer says the code is next.
        const oneFactor = ctx.context.newSession;
        if (PROVES_ONE_FACTOR.test(ctx.path) && oneFactor?.user.twoFactorEnabled) {
          let step: { headers: Headers; response: unknown };
          try {
            // With returnHeaders the middleware answers its headers too (better-call), which its type does not say.
            step = (await secondStep.hooks.after[0]?.handler({
              ...ctx,
              returnHeaders: true,
            })) as unknown as typeof step;
          } catch (error) {
            // Whatever stopped the step, the session this way in started does not outlive it (its cookie is sent).
            await ctx.context.internalAdapter.deleteSession(oneFactor.session.token);
            throw error;
          }
          // Its cookies (the session's cleared, the challenge's set; or a trusted browser's trust renewed) go with
          // this answer, which becomes its.
          for (const cookie of step.headers.getSetCookie()) ctx.responseHeaders?.append("set-cookie", cookie);
          // The code is next (the plugin ended the session). A link's caller reads the plugin's answer
          // (sign-in-link.ts); Google's redirect to /auth/google/done stands, and that page sends the browser on to
          // the code. A browser trusted at the code (trusted-browsers.ts) is in: on to its device cookie, below.
          if (!ctx.context.newSession) {
            if (ctx.path === "/reset-password") return { status: true, ...(step.response as object) };
            return ctx.path === "/magic-link/verify" ? step.response : undefined;
          }
        }
        // Whichever way this browser just signed in, it is now a known device of that account.
        const signedIn = ctx.context.newSession?.user;
        if (signedIn && SIGNS_IN.test(ctx.path)) {
          for (const cookie of devices.issue(signedIn.email)) ctx.setCookie(cookie.name, cookie.value, cookie.options);
        }
      }),
    },
    plugins: [
      passkeyPlugin(options.baseURL),
      secondStep,
      // "Email me a sign-in link": for the owner whose account refuses unknown devices (login-throttle.ts),
      // and anyone else who would rather not type a password. Existing, confirmed, undeleted accounts only:
      // the answer (and its time, above) is the same for any address.
      magicLink({
        expiresIn: SIGN_IN_LINK_TTL_SECONDS,
        disableSignUp: true,
        storeToken: "hashed",
        sendMagicLink: async ({ email, token }, ctx) => {
          const user = (await ctx?.context.internalAdapter.findUserByEmail(email))?.user as Owner | undefined;
          // Unconfirmed addresses get none: better-auth would take the link as the address's first proof and
          // delete the account's password and sessions (made before anyone proved the address).
          if (!user?.emailVerified || user.deactivatedAt) return;
          await send("account.signInLink", user.id, link("/login/link", token));
        },
      }),
      ...(options.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  discoveryUrl: options.google.discoveryUrl,
                  clientId: options.google.clientId,
                  clientSecret: options.google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

/**
 * Passkeys (WebAuthn): the relying party is the public URL's host, and only that origin's pages may use them
 * (not whatever Origin a request names). Adding one needs a session; signing in with one starts a session
 * like any other way in (the device cookie above, the deleted-account check in databaseHooks).
 */
function passkeyPlugin(baseURL: string) {
  const url = new URL(baseURL);
  return passkey({ rpID: url.hostname, rpName: "ReLaptop", origin: url.origin });
}

export type Auth = ReturnType<typeof createAuth>;
