import { addressKey, type CounterFactory } from "./counters.ts";
import { accountKey } from "./device-cookie.ts";

/**
 * Failed logins, counted so that guessing is slowed whichever of account, address and browser an attacker
 * varies, without letting anyone lock the owner out (OWASP's device cookies, device-cookie.ts):
 * - a browser that signed in to the account before (a valid device cookie for it) is limited by its own
 *   failures only: a stolen cookie guesses no faster than one browser, and the crowd below never stops it;
 * - any other browser is counted per (account, address) — the guesser's own address is blocked from that
 *   account — and per address — one address trying many accounts is blocked for all of them;
 * - and per account, at a much higher ceiling: many addresses guessing one account together are stopped.
 *   That ceiling stops the owner too on a device the account does not know (it takes 20 addresses); the
 *   owner then signs in from a known device, through an emailed sign-in link, or with a password reset,
 *   which forgets the account's failures (`forgetAccount`). They are told by email once per window.
 */
/** At most `limit` in `windowMs` (a fixed window, starting at the first). */
export interface Window {
  limit: number;
  windowMs: number;
}

export interface LoginLimits {
  perDevice: Window;
  perAccountAndAddress: Window;
  perAddress: Window;
  perAccount: Window;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perDevice: { limit: 5, windowMs: 15 * 60_000 },
  perAccountAndAddress: { limit: 5, windowMs: 15 * 60_000 },
  perAddress: { limit: 20, windowMs: 15 * 60_000 },
  perAccount: { limit: 100, windowMs: 60 * 60_000 },
};

/**
 * Why a login may not be tried now, and for how many milliseconds: `account` is the account's ceiling
 * for unknown devices (the owner may ask for a sign-in link), `browser` this browser's or address's own.
 */
export interface LoginRefusal {
  by: "account" | "browser";
  wait: number;
}

/** A browser's device for the account (the nonce of its valid device cookie), or null for an unknown one. */
export type Device = string | null;

export function createLoginThrottle(counters: CounterFactory, limits = DEFAULT_LOGIN_LIMITS) {
  const counter = (name: string, w: Window) => ({ limit: w.limit, count: counters(name, w.limit, w.windowMs) });
  const device = counter("login-device", limits.perDevice);
  const pair = counter("login-account-address", limits.perAccountAndAddress);
  const address = counter("login-address", limits.perAddress);
  const account = counter("login-account", limits.perAccount);
  const deviceKey = (email: string, nonce: string) => `${accountKey(email)}\n${nonce}`;
  const unknownDeviceKeys = (email: string, ip: string) =>
    [
      [pair, `${accountKey(email)}\n${addressKey(ip)}`, "browser"],
      [address, addressKey(ip), "browser"],
      [account, accountKey(email), "account"],
    ] as const;

  return {
    /** Whether this account may be tried now from this browser and address; null when it may. */
    async refusal(email: string, ip: string, from: Device): Promise<LoginRefusal | null> {
      if (from) {
        const { count: failures, msLeft } = await device.count.get(deviceKey(email, from));
        return failures >= device.limit ? { by: "browser", wait: msLeft } : null;
      }
      let refusal: LoginRefusal | null = null;
      for (const [{ limit, count }, key, by] of unknownDeviceKeys(email, ip)) {
        const { count: failures, msLeft } = await count.get(key);
        if (failures < limit) continue;
        // The account's ceiling is named whenever it holds (it is checked last): a sign-in link gets past it.
        const wait: number = Math.max(refusal ? refusal.wait : 0, msLeft);
        refusal = { by, wait };
      }
      return refusal;
    },

    /**
     * A wrong password: counted against the device when the browser is known to the account, else against
     * the account, the address and both. `ceilingReached` is true for the one failure that brings the account
     * to its ceiling (once per window, whichever process counts it): the owner is told then.
     */
    async recordFailure(email: string, ip: string, from: Device): Promise<{ ceilingReached: boolean }> {
      if (from) {
        await device.count.add(deviceKey(email, from));
        return { ceilingReached: false };
      }
      const [, , accountCount] = await Promise.all(
        unknownDeviceKeys(email, ip).map(([{ count }, key]) => count.add(key)),
      );
      return { ceilingReached: accountCount?.count === account.limit };
    },

    /** The owner got in: their failures from this address and this browser are forgotten (not those from elsewhere). */
    async recordSuccess(email: string, ip: string, from: Device) {
      await Promise.all([
        pair.count.forget(`${accountKey(email)}\n${addressKey(ip)}`),
        from ? device.count.forget(deviceKey(email, from)) : undefined,
      ]);
    },

    /** For a password reset: the owner proved who they are, so the account's ceiling starts over. */
    async forgetAccount(email: string) {
      await account.count.forget(accountKey(email));
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
