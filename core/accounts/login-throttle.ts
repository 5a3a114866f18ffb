/**
 * Counts failed logins per account and per address in fixed windows, so that
 * password guessing is slowed down whichever of the two an attacker varies.
 * In memory: one app server. Several servers would move it to the database.
 */
export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = {
  perAccount: 5,
  perAddress: 20,
  windowMs: 15 * 60 * 1000,
};

export function createLoginThrottle(limits = DEFAULT_LOGIN_LIMITS, now = () => Date.now()) {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const accountKey = (email: string) => `a:${email.trim().toLowerCase()}`;
  const keys = (email: string, ip: string) => [accountKey(email), `i:${ip}`] as const;

  function current(key: string) {
    const entry = failures.get(key);
    if (!entry || entry.resetAt <= now()) {
      failures.delete(key);
      return 0;
    }
    return entry.count;
  }

  return {
    /** Milliseconds until a new attempt is allowed, or 0 when it is allowed now. */
    retryAfter(email: string, ip: string): number {
      const [account, address] = keys(email, ip);
      const blocked = [
        [account, limits.perAccount],
        [address, limits.perAddress],
      ] as const;
      let wait = 0;
      for (const [key, limit] of blocked) {
        if (current(key) >= limit) wait = Math.max(wait, (failures.get(key)?.resetAt ?? 0) - now());
      }
      return wait;
    },
    recordFailure(email: string, ip: string) {
      for (const key of keys(email, ip)) {
        const count = current(key);
        const resetAt = failures.get(key)?.resetAt ?? now() + limits.windowMs;
        failures.set(key, { count: count + 1, resetAt });
      }
      // Keep memory bounded under a spray of random addresses.
      if (failures.size > 100_000) for (const k of [...failures.keys()].slice(0, 50_000)) failures.delete(k);
    },
    recordSuccess(email: string) {
      failures.delete(accountKey(email));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
