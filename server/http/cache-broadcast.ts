import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Services } from "../services.ts";
import type { CacheBroadcast } from "./public-cache.ts";

const CHANNEL = "public_cache";

/**
 * The visitors' cache of every process emptied together: a change announced with PostgreSQL NOTIFY
 * (decision 9's listener), each process ignoring its own announcement. The listener reconnects by itself;
 * an announcement lost meanwhile costs at most the cache's one second.
 */
export function cacheBroadcast(services: Services): CacheBroadcast {
  const me = randomUUID();
  return {
    async publish() {
      await services.db.execute(sql`select pg_notify(${CHANNEL}, ${me})`);
    },
    subscribe: (emptied) =>
      services.database.listener.on(CHANNEL, (from) => {
        if (from !== me) emptied();
      }),
  };
}
