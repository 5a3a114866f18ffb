import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** Called with a NOTIFY's payload. */
export type NotifyHandler = (payload: string) => void;

/**
 * PostgreSQL LISTEN for the whole process: one dedicated connection (never a pooled one, whose session
 * is shared), however many channels and subscribers. A notification sent inside a transaction arrives
 * only when it commits, so a subscriber never hears about a change that was rolled back. On PGlite, its
 * own `listen` (one in-process session, same semantics).
 */
export interface Listener {
  /** Subscribes to a channel; the returned function unsubscribes. */
  on(channel: string, handler: NotifyHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
export const checkChannel = (channel: string) => {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
};

/**
 * Subscribers by channel, for a listener: the first subscriber of a channel starts hearing it (`hear`,
 * called once the channel is known, so a reconnect listens on it too); each message goes to every
 * subscriber of its channel.
 */
export function channelSubscribers(hear: (channel: string) => Promise<void>) {
  const handlers = new Map<string, Set<NotifyHandler>>();
  return {
    channels: () => handlers.keys(),
    get size() {
      return handlers.size;
    },
    deliver(channel: string, payload: string) {
      for (const handler of handlers.get(channel) ?? []) handler(payload);
    },
    async add(channel: string, handler: NotifyHandler) {
      checkChannel(channel);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await hear(channel);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    clear: () => handlers.clear(),
  };
}

export function pgliteListener(client: PGlite): Listener {
  const unsubscribers = new Set<() => Promise<void>>();
  return {
    async on(channel, handler) {
      checkChannel(channel);
      const stop = await client.listen(channel, handler);
      const off = async () => {
        unsubscribers.delete(off);
        await stop().catch(() => {});
      };
      unsubscribers.add(off);
      return off;
    },
    async close() {
      await Promise.all([...unsubscribers].map((off) => off()));
    },
  };
}

/**
 * A dedicated client that reconnects by itself (after a restart or an outage of the server) and listens
 * again on every channel that has subscribers. Notifications sent while it was away are lost: subscribers
 * treat a notification as a hint to read the truth, never as the truth.
 */
export function postgresListener(url: string): Listener {
  const subscribers = channelSubscribers(async (channel) => {
    const c = client ?? (await connect());
    // connect() listens on every known channel; a client connected earlier needs this one.
    if (c === client) await c.query(`listen ${channel}`);
  });
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  function connect(): Promise<pg.Client> {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      c.on("notification", (n) => subscribers.deliver(n.channel, n.payload ?? ""));
      c.on("error", () => lost(c));
      c.on("end", () => lost(c));
      await c.connect();
      for (const channel of subscribers.channels()) await c.query(`listen ${channel}`);
      client = c;
      return c;
    })().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    });
    return connecting;
  }

  function lost(c: pg.Client) {
    if (c !== client) return; // a failed connect() rejects by itself
    client = undefined;
    connecting = undefined;
    c.end().catch(() => {});
    if (closed || subscribers.size === 0) return;
    const retry = () => {
      retryTimer = undefined;
      if (!closed) connect().catch(() => (retryTimer = setTimeout(retry, 2000).unref()));
    };
    retryTimer ??= setTimeout(retry, 500).unref();
  }

  return {
    on: (channel, handler) => subscribers.add(channel, handler),
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      subscribers.clear();
      const c = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Live updates addressed to people, over one channel whose payload is `<person id>` or `<person id>|<detail>`:
 * one LISTEN per process (NOTIFY reaches every app process), one `read` per change per person with an open
 * page however many tabs they have, and nothing for people with none. The bell's unread count and the
 * conversations' updates both ride on it (decision 9).
 */
export function personalFeed<T>(
  listener: Listener,
  channel: string,
  read: (personId: string, detail: string) => Promise<T>,
) {
  const subscribers = new Map<string, Set<(value: T) => void>>();
  /** Each person's reads still to answer, the last one: the next waits for it. */
  const reading = new Map<string, Promise<void>>();
  let listening: Promise<unknown> | undefined;

  /**
   * One person's reads run one after another, answering in the order of their changes, so the last answer
   * is read after the last change. Run at once on two pool connections, a read made before a change could
   * answer after one made after it, and an older count stay showing (a message arriving and read at once).
   */
  function changed(payload: string) {
    const [personId = "", detail = ""] = payload.split("|");
    if (!subscribers.get(personId)?.size) return;
    const next = (reading.get(personId) ?? Promise.resolve())
      .then(async () => {
        const handlers = subscribers.get(personId);
        if (!handlers?.size) return;
        const value = await read(personId, detail);
        for (const handler of handlers) handler(value);
      })
      .catch((error: unknown) => console.error(`live update on ${channel} failed:`, error))
      .finally(() => {
        if (reading.get(personId) === next) reading.delete(personId);
      });
    reading.set(personId, next);
  }

  return {
    /** Calls `onChange` whenever the person's channel speaks. Returns the unsubscribe. */
    async subscribe(personId: string, onChange: (value: T) => void): Promise<() => void> {
      listening ??= listener.on(channel, changed).catch((error: unknown) => {
        listening = undefined; // the next subscriber tries again
        throw error;
      });
      await listening;
      let handlers = subscribers.get(personId);
      if (!handlers) {
        handlers = new Set();
        subscribers.set(personId, handlers);
      }
      handlers.add(onChange);
      return () => {
        handlers.delete(onChange);
        if (handlers.size === 0) subscribers.delete(personId);
      };
    },
  };
}
