import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import type { Redis } from "ioredis";
import type pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterRes,
} from "rate-limiter-flexible";

/**
 * Counters of attempts in fixed windows (rate-limiter-flexible), for every limit (login throttle, sign-up,
 * password resets, bookings, reports, messages). With Redis they live there, else on PostgreSQL in the
 * database — either way every app process counts the same attempts; the embedded database serves one
 * process only (its folder is locked), so there they live in memory.
 */
export interface Counter {
  /** Attempts counted in the current window, and the milliseconds until it ends. */
  get(key: string): Promise<{ count: number; msLeft: number }>;
  /** Counts `points` more attempts; the total and the milliseconds until the window ends. */
  add(key: string, points?: number): Promise<{ count: number; msLeft: number }>;
  forget(key: string): Promise<void>;
}

export type CounterFactory = (name: string, limit: number, windowMs: number) => Counter;

/** rate-limiter-flexible creates this table (CREATE TABLE IF NOT EXISTS); it is not in our schema. */
const TABLE = "rate_limits";

export function createCounters(store: { pool?: pg.Pool; redis?: Redis; redisPrefix?: string } = {}): CounterFactory {
  const { pool, redis, redisPrefix = "" } = store;
  return (name, limit, windowMs) => {
    const options = { keyPrefix: name, points: limit, duration: Math.ceil(windowMs / 1000) };
    const memory = new RateLimiterMemory(options);
    if (redis) {
      // While Redis is away, attempts are counted in this process's memory instead.
      const limiter = new RateLimiterRedis({
        ...options,
        keyPrefix: `${redisPrefix}${name}`,
        storeClient: redis,
        insuranceLimiter: memory,
      });
      return counter(async () => limiter);
    }
    if (!pool) return counter(async () => memory);
    let ready: Promise<RateLimiterAbstract> | undefined;
    // The table is created on first use; a failure (database away) is retried on the next one.
    const store = () =>
      (ready ??= new Promise<RateLimiterAbstract>((resolve, reject) => {
        const limiter: RateLimiterAbstract = new RateLimiterPostgres(
          // While the database is away, attempts are counted in this process's memory instead.
          { ...options, storeClient: pool, storeType: "pool", tableName: TABLE, insuranceLimiter: memory },
          (error) => (error ? reject(error) : resolve(limiter)),
        );
      }).catch(() => {
        ready = undefined;
        return memory;
      }));
    return counter(store);
  };
}

function counter(limiter: () => Promise<RateLimiterAbstract>): Counter {
  const shape = (res: RateLimiterRes | null) =>
    res ? { count: res.consumedPoints, msLeft: Math.max(res.msBeforeNext, 0) } : { count: 0, msLeft: 0 };
  return {
    get: async (key) => shape(await (await limiter()).get(hashed(key))),
    add: async (key, points = 1) => shape(await (await limiter()).penalty(hashed(key), points)),
    async forget(key) {
      await (await limiter()).delete(hashed(key));
    },
  };
}

/** Keys are hashed: bounded length (the store's key is varchar(255)), and no addresses kept in clear. */
const hashed = (key: string) => createHash("sha256").update(key).digest("base64url");

/**
 * The address attempts are counted by. An IPv6 client usually holds a whole /64, so its addresses
 * count as one; an IPv4 address is itself.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  // An IPv4-mapped address (::ffff:1.2.3.4) is that IPv4 address.
  const last = groups.at(-1) ?? "";
  if (last.includes(".")) return last;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
