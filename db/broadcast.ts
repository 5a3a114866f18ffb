import { AsyncLocalStorage } from "node:async_hooks";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db, Tx } from "./handle.ts";
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
  /** Several announcements at once (what a transaction announced, after its commit). */
  sendAll(messages: Message[]): Promise<void>;
}
type Message = [channel: string, payloads: string[]];

/**
 * On PostgreSQL, announcing is a NOTIFY and hearing is the database's LISTEN connection. One statement is
 * on its way at a time: what is announced meanwhile waits and goes together in the next one.
 */
export function postgresBroadcast(db: Db, listener: Listener): Broadcast {
  const sendAll = oneStatementAtATime((messages) => notify(db, messages));
  return { ...listener, send: (channel, payloads) => sendAll([[channel, payloads]]), sendAll };
}

/** Payloads one statement carries at most (two parameters each; PostgreSQL takes 65,535 per statement). */
const PER_STATEMENT = 1_000;

/**
 * Sends through `send` one call at a time; the announcements that arrive while one is on its way are sent
 * together, in order, as soon as it returns (each caller's promise settles with the statement that carried
 * its messages). A burst of commits — a thousand at once — then costs a few statements, not a thousand
 * queued for the announcer's connection until they time out and are lost; and a busy marketplace sends
 * fewer NOTIFY statements the busier it is.
 */
function oneStatementAtATime(send: (messages: Message[]) => Promise<void>) {
  let busy = false;
  let next: { messages: Message[]; sent: PromiseWithResolvers<void> } | null = null;
  async function sendNow(messages: Message[]) {
    busy = true;
    try {
      // One payload each, so that a statement's size is counted in what it sends (a message may tell many).
      const single = messages.flatMap(([channel, payloads]) => payloads.map((p): Message => [channel, [p]]));
      for (let i = 0; i < single.length; i += PER_STATEMENT) await send(single.slice(i, i + PER_STATEMENT));
    } finally {
      const waiting = next;
      next = null;
      if (waiting) sendNow(waiting.messages).then(waiting.sent.resolve, waiting.sent.reject);
      else busy = false;
    }
  }
  return (messages: Message[]): Promise<void> => {
    if (!busy) return sendNow(messages);
    next ??= { messages: [], sent: Promise.withResolvers<void>() };
    for (const message of messages) next.messages.push(message);
    return next.sent.promise;
  };
}

/** Two connections: one subscribed (it can do nothing else), one for commands (publishing, the limits' counters). */
export async function connectRedis(url: string) {
  // Loaded only with REDIS_URL: a process without it never holds the client (~7 MB). Its `default`, not its named
  // export: in the server's bundle a package loaded on demand is a chunk whose only export is that (decision 27).
  const { default: Redis } = await import("ioredis");
  const commands = redisClient(Redis, url, "commands");
  const subscriber = redisClient(Redis, url, "subscriber");
  // A process starting while Redis is away serves anyway (limits fall back to memory, announcements wait).
  await Promise.all([commands, subscriber].map((c) => ready(c, 5_000)));
  return { commands, subscriber };
}

function redisClient(Client: typeof Redis, url: string, role: string) {
  // Without an offline queue a command fails at once while Redis is away (the limits then count in memory,
  // as rate-limiter-flexible advises) instead of waiting; the subscriber keeps its queue so `on` waits.
  const client = new Client(url, { enableOfflineQueue: role === "subscriber", maxRetriesPerRequest: 2 });
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
    send: (channel, payloads) => broadcast.sendAll([[channel, payloads]]),
    async sendAll(messages) {
      if (messages.every(([, payloads]) => payloads.length === 0)) return;
      const pipeline = commands.pipeline();
      for (const [channel, payloads] of messages) {
        for (const payload of payloads) pipeline.publish(prefix + channel, payload);
      }
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
  messages: Message[];
}
/** Announcements made inside a transaction, sent once it commits (dropped if it rolls back). */
const pending = new AsyncLocalStorage<Pending>();
const openTransactions = new WeakMap<object, Pending>();
const throughBroadcast = new WeakMap<object, Broadcast>();

/**
 * Makes `announce` on `db` (and its transactions) go through `broadcast`, and what a transaction announces
 * wait for its commit: `db.transaction` keeps it and sends it all after the commit, so a subscriber never
 * reads before the change it was told about. On Redis there is no other way. On PostgreSQL a NOTIFY inside
 * the transaction would do the same — but a transaction that NOTIFYs takes one lock for the whole database
 * cluster from its commit until its WAL is flushed, so every writing transaction that announces something
 * would commit one after another (measured with pgbench, 20 clients: ~4,500 commits/s without, ~630 with a
 * NOTIFY inside, ~4,000 with the NOTIFY sent as its own statement after the commit). Sent after the commit,
 * an announcement is lost if the process dies in between: subscribers treat announcements as hints and
 * sweep at start (the email relay, saved-search matching's schedule, a live page on reconnect).
 * A savepoint (`tx.transaction`) shares its transaction's list: what it announced is sent even if it rolls
 * back alone. Nothing nests transactions today; give savepoints their own list before one does.
 */
export function announceThrough(db: Db, broadcast: Broadcast) {
  // Called again (Redis chosen after the database opened): the broadcast changes, the wrapping stays one.
  const wrapped = throughBroadcast.has(db);
  throughBroadcast.set(db, broadcast);
  if (wrapped) return;
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const open: Pending = { broadcast: throughBroadcast.get(db) as Broadcast, messages: [] };
    const result = await pending.run(open, () =>
      transaction((tx) => {
        openTransactions.set(tx, open);
        return work(tx);
      }, config),
    );
    if (open.messages.length > 0) {
      open.broadcast
        .sendAll(open.messages)
        .catch((error: unknown) => console.error("announcing after a commit:", error));
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
  const direct = throughBroadcast.get(executor);
  if (direct) return direct.send(channel, list);
  // A savepoint's handle is not registered, but it runs inside its transaction's context.
  const open = openTransactions.get(executor) ?? pending.getStore();
  if (open) {
    open.messages.push([channel, list]);
    return;
  }
  await notify(executor, [[channel, list]]);
}

async function notify(executor: Db | Tx, messages: Message[]) {
  const all = messages.flatMap(([channel, payloads]) => payloads.map((p) => [channel, p] as const));
  if (all.length === 0) return;
  // One statement however many channels and payloads.
  await executor.execute(
    sql`select pg_notify(c, p) from unnest(array[${sql.join(
      all.map(([c]) => sql`${c}`),
      sql`, `,
    )}]::text[], array[${sql.join(
      all.map(([, p]) => sql`${p}`),
      sql`, `,
    )}]::text[]) as m(c, p)`,
  );
}
