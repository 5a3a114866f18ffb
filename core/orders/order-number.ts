import { randomInt } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";

/**
 * The short number people quote for an order ("RL-7F3K2Q"): six of the 32 capital letters and digits that are
 * never misread for one another (no 0, O, 1 or I). 32⁶ ≈ a billion numbers, drawn at random at booking; the
 * database's unique index (orders_number_idx) refuses the rare repeat and the booking draws again.
 */
export const ORDER_NUMBER_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function newOrderNumber(): string {
  let chars = "";
  for (let i = 0; i < 6; i++) chars += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `RL-${chars}`;
}

/** The unique index a repeated number runs into (db/schema/index.ts). */
export const ORDER_NUMBER_INDEX = "orders_number_idx";

/**
 * Numbers for orders written in bulk by SQL (seed:bulk's sales history): the nth gets n times an odd constant
 * modulo 2³⁰ — a bijection, so no two of them are alike — in the same six characters. Migration 0026 numbered
 * the orders that existed before numbers the same way.
 */
export const orderNumberOf = (n: SQL): SQL =>
  sql`'RL-' || (select string_agg(substr(${ORDER_NUMBER_ALPHABET}, ((((${n}) * 387420489 % 1073741824) >> (5 * k)) & 31)::int + 1, 1), '' order by k desc) from generate_series(0, 5) as k)`;
