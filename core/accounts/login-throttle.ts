import { addressKey, type CounterFactory } from "./counters.ts";

/**
 * Failed logins, counted so that guessing is slowed whichever of account and address an attacker
 * varies, without letting anyone lock the owner out:
 * - per (account, address): the guesser's own address is blocked from that account, the owner
 *   signing in from anywhere else is not;
 * - per address: one address trying many accounts is blocked for all of them;
 * - per account, a much higher ceiling: many addresses guessing one account together are stopped.
 *   Only this last one blocks the owner too (it takes at least 20 addresses to reach); the owner
 *   can then get in with a password reset, which forgets the account's failures (`forgetAccount`).
 */
/** At most `limit` in `windowMs` (a fixed window, starting at the first). */
export interface Window {
  limit: number;
  windowMs: number;
}

export interface LoginLimits {
  perAccountAndAddress: Window;
  perAddress: Window;
  perAccount: Window;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAccountAndAddress: { limit: 5, windowMs: 15 * 60_000 },
  perAddress: { limit: 20, windowMs: 15 * 60_000 },
  perAccount: { limit: 100, windowMs: 60 * 60_000 },
};

export function createLoginThrottle(counters: CounterFactory, limits = DEFAULT_LOGIN_LIMITS) {
  const counter = (name: string, w: Window) => ({ limit: w.limit, count: counters(name, w.limit, w.windowMs) });
  const pair = counter("login-account-address", limits.perAccountAndAddress);
  const address = counter("login-address", limits.perAddress);
  const account = counter("login-account", limits.perAccount);
  const accountOf = (email: string) => email.trim().toLowerCase();
  const keys = (email: string, ip: string) =>
    [
      [pair, `${accountOf(email)}\n${addressKey(ip)}`],
      [address, addressKey(ip)],
      [account, accountOf(email)],
    ] as const;

  return {
    /** Milliseconds until this account may be tried again from this address, or 0 when it may now. */
    async retryAfter(email: string, ip: string): Promise<number> {
      let wait = 0;
      for (const [{ limit, count }, key] of keys(email, ip)) {
        const { count: failures, msLeft } = await count.get(key);
        if (failures >= limit) wait = Math.max(wait, msLeft);
      }
      return wait;
    },
    async recordFailure(email: string, ip: string) {
      await Promise.all(keys(email, ip).map(([{ count }, key]) => count.add(key)));
    },
    /** The owner got in: their failures from this address are forgotten (not those from elsewhere). */
    async recordSuccess(email: string, ip: string) {
      await pair.count.forget(`${accountOf(email)}\n${addressKey(ip)}`);
    },
    /** For the password reset to come: the owner proved who they are, so the account's ceiling starts over. */
    async forgetAccount(email: string) {
      await account.count.forget(accountOf(email));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** New accounts per address (SIGNUPS_PER_HOUR): enough for a household or an office, not for a script. */
export function createSignUpLimit(counters: CounterFactory, limit: Window) {
  const count = counters("sign-up-address", limit.limit, limit.windowMs);
  return {
    /** Counts a sign-up from this address: 0 when it may go ahead, else milliseconds until one may. */
    async take(ip: string): Promise<number> {
      const { count: taken, msLeft } = await count.add(addressKey(ip));
      return taken > limit.limit ? msLeft : 0;
    },
  };
}

export type SignUpLimit = ReturnType<typeof createSignUpLimit>;
