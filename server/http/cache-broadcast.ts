import { randomUUID } from "node:crypto";
import type { Services } from "../services.ts";
import type { CacheBroadcast } from "./public-cache.ts";

const CHANNEL = "public_cache";

/**
 * The visitors' cache of every process emptied together: a change announced on the database's broadcast
 * (PostgreSQL NOTIFY, decision 9's listener, or Redis pub/sub with REDIS_URL), each process ignoring its
 * own announcement. Both reconnect by themselves; an announcement lost meanwhile costs at most the cache's
 * one second.
 */
export function cacheBroadcast(services: Services): CacheBroadcast {
  const me = randomUUID();
  return {
    async publish() {
      await services.database.broadcast.send(CHANNEL, [me]);
    },
    subscribe: (emptied) =>
      services.database.broadcast.on(CHANNEL, (from) => {
        if (from !== me) emptied();
      }),
  };
}
