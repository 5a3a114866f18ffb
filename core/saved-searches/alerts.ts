import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../jobs/index.ts";
import { sendDailyDigests } from "./digest.ts";
import { matchPublications } from "./matching.ts";

export const MATCH_PUBLICATIONS = "savedSearches.match";
export const DAILY_DIGEST = "savedSearches.dailyDigest";

/**
 * Saved-search alerts on the job queue: matching runs when a publication's NOTIFY is heard (the server
 * queues a job) and every minute for any it missed, plus the instant emails whose hour has passed; the
 * daily digest at 07:00 UTC. Both are schedules, so each runs once per cluster.
 * A factory: it defines the two jobs on the queue it is given, once, and sends to that queue.
 */
export function createSavedSearchAlerts({ db, queue }: { db: Db; queue: JobQueue }) {
  queue.define(MATCH_PUBLICATIONS, async () => void (await matchPublications(db)), {
    cron: "* * * * *",
    retryLimit: 3,
    retryDelay: 5,
  });
  queue.define(DAILY_DIGEST, async () => void (await sendDailyDigests(db)), {
    cron: "0 7 * * *",
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    // A digest for many people may take minutes: its job must not be taken as dead meanwhile.
    expireInSeconds: 30 * 60,
  });
  return {
    /** Queues a matching run (on a publication's NOTIFY). */
    matchSoon: () => queue.send(MATCH_PUBLICATIONS, {}),
    /** Tests and benchmarks: run them here and now. */
    matchNow: () => matchPublications(db),
    sendDigestsNow: () => sendDailyDigests(db),
  };
}
