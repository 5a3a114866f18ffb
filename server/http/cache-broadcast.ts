import { randomUUID } from "node:crypto";
import { CATALOGUE_CHANNEL as CHANNEL } from "../../core/orders/index.ts";
import type { Services } from "../services.ts";
import type { CacheBroadcast } from "./public-cache.ts";

/**
 * The visitors' cache of every process emptied together: a change announced on the database's broadcast
 * (PostgreSQL NOTIFY, decision 9's listener, or Redis pub/sub with REDIS_URL), each process ignoring its
 * own announcement (it emptied its cache already). The advert lifecycle announces on the same channel with no
 * sender, heard by every process: a change made by a job (the reconciler relisting a refunded laptop) empties
 * them too. Both reconnect by themselves; an announcement lost meanwhile costs at most the cache's one second
 * (and a kept count's minute).
 */
export function cacheBroadcast(services: Services): CacheBroadcast {
  const me = randomUUID();
  return {
    async publish() {
      await runtime.database.broadcast.send(CHANNEL, [me]);
    },
    subscribe: (emptied) =>
      runtime.database.broadcast.on(CHANNEL, (from) => {
        if (from !== me) emptied();
      }),
  };
}
