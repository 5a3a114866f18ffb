import { addressKey, type CounterFactory } from "./counters.ts";
import type { Window } from "./login-throttle.ts";

/**
 * The account emails a stranger can make us send (password reset links, verification links, sign-in links)
 * and the tokens tried (reset and sign-in links), limited per email address and per client address, so that
 * nobody floods an inbox or guesses tokens. The per-email count is taken whether the account exists or not:
 * a 429 tells nothing.
 */
export interface RecoveryLimits {
  /** Reset links asked for one email address. */
  resetPerEmail: Window;
  /** Reset links asked from one address (whatever the email). */
  resetPerAddress: Window;
  /** New passwords tried from one address (a token guessed is a token tried). */
  attemptsPerAddress: Window;
  /** Verification emails sent again for one email address (each also counts against `resetPerAddress`). */
  verifyPerEmail: Window;
  /** Sign-in links asked for one email address (each also counts against `resetPerAddress`). */
  signInLinkPerEmail?: Window;
  /** "Change email" links asked for one account (each also counts against `resetPerAddress`). */
  emailChangePerAccount?: Window;
  /** Passkey challenges asked from one address (each is a stored row, and anyone may ask for one). */
  passkeyChallengesPerAddress?: Window;
}

const SIGN_IN_LINKS_PER_EMAIL: Window = { limit: 5, windowMs: 60 * 60_000 };
const EMAIL_CHANGES_PER_ACCOUNT: Window = { limit: 3, windowMs: 60 * 60_000 };
const PASSKEY_CHALLENGES_PER_ADDRESS: Window = { limit: 30, windowMs: 15 * 60_000 };

export const DEFAULT_RECOVERY_LIMITS: RecoveryLimits = {
  resetPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  resetPerAddress: { limit: 10, windowMs: 60 * 60_000 },
  attemptsPerAddress: { limit: 20, windowMs: 15 * 60_000 },
  verifyPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  signInLinkPerEmail: SIGN_IN_LINKS_PER_EMAIL,
  emailChangePerAccount: EMAIL_CHANGES_PER_ACCOUNT,
  passkeyChallengesPerAddress: PASSKEY_CHALLENGES_PER_ADDRESS,
};

export function createRecoveryLimits(counters: CounterFactory, limits = DEFAULT_RECOVERY_LIMITS) {
  const counter = (name: string, w: Window) => {
    const count = counters(name, w.limit, w.windowMs);
    /** Counts one: 0 when it may go ahead, else milliseconds until one may. */
    return async (key: string) => {
      const { count: taken, msLeft } = await count.add(key);
      return taken > w.limit ? msLeft : 0;
    };
  };
  const perEmail = counter("reset-email", limits.resetPerEmail);
  const perAddress = counter("reset-address", limits.resetPerAddress);
  const attempts = counter("reset-attempt-address", limits.attemptsPerAddress);
  const verify = counter("verify-email", limits.verifyPerEmail);
  const signInLinks = counter("sign-in-link-email", limits.signInLinkPerEmail ?? SIGN_IN_LINKS_PER_EMAIL);
  const emailChanges = counter("change-email-account", limits.emailChangePerAccount ?? EMAIL_CHANGES_PER_ACCOUNT);
  const passkeyChallenges = counter(
    "passkey-challenge-address",
    limits.passkeyChallengesPerAddress ?? PASSKEY_CHALLENGES_PER_ADDRESS,
  );
  const emailKey = (email: string) => email.trim().toLowerCase();
  return {
    /** A reset link asked for: which limit refuses it (the address first: it says less), or none. */
    async resetRequest(email: string, ip: string): Promise<{ wait: number; by: "address" | "email" } | null> {
      const byAddress = await perAddress(addressKey(ip));
      if (byAddress > 0) return { wait: byAddress, by: "address" };
      const byEmail = await perEmail(emailKey(email));
      return byEmail > 0 ? { wait: byEmail, by: "email" } : null;
    },
    /** A reset token or a sign-in link tried (a token guessed is a token tried). */
    resetAttempt: (ip: string) => attempts(addressKey(ip)),
    /** "Send the email again": per email address, and against the address's account emails. */
    async verificationEmail(email: string, ip: string): Promise<number> {
      return (await perAddress(addressKey(ip))) || (await verify(emailKey(email)));
    },
    /** A sign-in link asked for: which limit refuses it (the address first: it says less), or none. */
    async signInLink(email: string, ip: string): Promise<{ wait: number; by: "address" | "email" } | null> {
      const byAddress = await perAddress(addressKey(ip));
      if (byAddress > 0) return { wait: byAddress, by: "address" };
      const byEmail = await signInLinks(emailKey(email));
      return byEmail > 0 ? { wait: byEmail, by: "email" } : null;
    },
    /** A passkey challenge asked for (to add a passkey or to sign in with one), per address. */
    passkeyChallenge: (ip: string) => passkeyChallenges(addressKey(ip)),
    /** A "Change email" link asked for: per account, and against the address's account emails. */
    async emailChange(userId: string, ip: string): Promise<number> {
      return (await perAddress(addressKey(ip))) || (await emailChanges(userId));
    },
  };
}

export type RecoveryLimiter = ReturnType<typeof createRecoveryLimits>;
