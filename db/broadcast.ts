import { AsyncLocalStorage } from "node:async_hooks";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import type { Db, Tx } from "./client.ts";
import { channelSubscribers, type Listener } from "./listen.ts";

/**
 * What every process of the marketplace hears: live counts and messages, the visitors'-cache emptying,
 * the email relay's and saved-search matching's wake-ups. PostgreSQL NOTIFY by default (the database's
 * listener); Redis pub/sub with REDIS_URL — then no process holds a LISTEN session on PostgreSQL, which a
 * pooler in transaction mode cannot keep. Subscribers treat an announcement as a hint to read the truth.
 */
export interface Broadcast extends Listener {
  /** Announces now, outside any transaction. */
  send(channel: string, payloads: string[]): Promise<void>;
}

/** On PostgreSQL, announcing is a NOTIFY and hearing is the database's LISTEN connection. */
export function postgresBroadcast(db: Db, listener: Listener): Broadcast {
  return { ...listener, send: (channel, payloads) => notify(db, channel, payloads) };
}

/** Two connections: one subscribed (it can do nothing else), one for commands (publishing, the limits' counters). */
export async function connectRedis(url: string) {
  const commands = redisClient(url, "commands");
  const subscriber = redisClient(url, "subscriber");
  // A process starting while Redis is away serves anyway (limits fall back to memory, announcements wait).
  await Promise.all([commands, subscriber].map((c) => ready(c, 5_000)));
  return { commands, subscriber };
}

function redisClient(url: string, role: string) {
  // Without an offline queue a command fails at once while Redis is away (the limits then count in memory,
  // as rate-limiter-flexible advises) instead of waiting; the subscriber keeps its queue so `on` waits.
  const client = new Redis(url, { enableOfflineQueue: role === "subscriber", maxRetriesPerRequest: 2 });
  let told = false;
  client.on("error", (error: Error) => {
    if (!told) console.error(`Redis (${role}) unreachable, retrying: ${error.message}`);
    told = true;
  });
  client.on("ready", () => {
    told = false;
  });
  return client;
}

async function ready(client: Redis, withinMs: number) {
  if (client.status === "ready") return;
  const timer = AbortSignal.timeout(withinMs);
  await once(client, "ready", { signal: timer }).catch(() => {});
}

/**
 * Redis pub/sub under `prefix` (several marketplaces, or test runs, may share one Redis: channels are
 * global to it). ioredis reconnects and subscribes again by itself; what was published meanwhile is lost,
 * as with LISTEN.
 */
export function redisBroadcast({ commands, subscriber }: { commands: Redis; subscriber: Redis }, prefix: string) {
  const subscribers = channelSubscribers(async (channel) => {
    await subscriber.subscribe(prefix + channel);
  });
  subscriber.on("message", (channel: string, payload: string) =>
    subscribers.deliver(channel.slice(prefix.length), payload),
  );
  const broadcast: Broadcast = {
    on: (channel, handler) => subscribers.add(channel, handler),
    async send(channel, payloads) {
      if (payloads.length === 0) return;
      const pipeline = commands.pipeline();
      for (const payload of payloads) pipeline.publish(prefix + channel, payload);
      await pipeline.exec();
    },
    async close() {
      subscribers.clear();
      await Promise.all([subscriber.quit().catch(() => {}), commands.quit().catch(() => {})]);
    },
  };
  return broadcast;
}

interface Pending {
  broadcast: Broadcast;
  messages: [channel: string, payloads: string[]][];
}
/** Announcements made inside a transaction on Redis, sent once it commits (dropped if it rolls back). */
const pending = new AsyncLocalStorage<Pending>();
const openTransactions = new WeakMap<object, Pending>();
const viaRedis = new WeakMap<object, Broadcast>();

/**
 * Makes `announce` on `db` (and its transactions) go through `broadcast` instead of NOTIFY. A NOTIFY is
 * delivered on commit only; Redis has no such thing, so `db.transaction` keeps what is announced inside and
 * publishes it after the commit — a subscriber never reads before the change it was told about.
 */
export function announceThrough(db: Db, broadcast: Broadcast) {
  viaRedis.set(db, broadcast);
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const open: Pending = { broadcast, messages: [] };
    const result = await pending.run(open, () =>
      transaction((tx) => {
        openTransactions.set(tx, open);
        return work(tx);
      }, config),
    );
    for (const [channel, payloads] of open.messages) {
      broadcast.send(channel, payloads).catch((error: unknown) => console.error(`announcing on ${channel}:`, error));
    }
    return result;
  }) as Db["transaction"];
}

/**
 * Tells every process that something changed on `channel` (one message per payload). Inside a
 * transaction, only once it commits.
 */
export async function announce(executor: Db | Tx, channel: string, payloads: string | string[] = "") {
  const list = typeof payloads === "string" ? [payloads] : payloads;
  const direct = viaRedis.get(executor);
  if (direct) return direct.send(channel, list);
  // A savepoint's handle is not registered, but it runs inside its transaction's context.
  const open = openTransactions.get(executor) ?? pending.getStore();
  if (open) {
    open.messages.push([channel, list]);
    return;
  }
  await notify(executor, channel, list);
}

async function notify(executor: Db | Tx, channel: string, payloads: string[]) {
  if (payloads.length === 0) return;
  // One statement however many payloads.
  await executor.execute(
    sql`select pg_notify(${channel}, p) from unnest(array[${sql.join(
      payloads.map((p) => sql`${p}`),
      sql`, `,
    )}]::text[]) as p`,
  );
}
