import { and, inArray, lt, ne, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { emailOutbox, notifications, sessions, verifications } from "../../db/schema/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { MediaStorage } from "../media/index.ts";
import { removeExpiredExports } from "./data-export.ts";

export const APPLY_RETENTION = "privacy.apply-retention";

/** RETENTION_DAYS' default: what /privacy promises unless configured otherwise. */
export const DEFAULT_RETENTION_DAYS = 365;

let retention = DEFAULT_RETENTION_DAYS;

/**
 * How many days notifications and the email log are kept (configuration: RETENTION_DAYS). Set once at boot
 * from the environment (server/services.ts), the same in every process; /privacy states it.
 */
export function configureRetention(days: number) {
  retention = days;
}

export const retentionDays = () => retention;

/** Rows deleted per statement: a year of a busy site's notifications goes in short steps, not one long lock. */
const BATCH = 5_000;

/** Deletes `table`'s rows matching `where`, a batch at a time (by `id`), until none is left. Returns how many. */
async function deleteInBatches(db: Db, table: PgTable & { id: PgColumn }, where: SQL | undefined) {
  let total = 0;
  for (;;) {
    const doomed = db.select({ id: table.id }).from(table).where(where).limit(BATCH);
    const deleted = await db.delete(table).where(inArray(table.id, doomed)).returning({ id: table.id });
    total += deleted.length;
    if (deleted.length < BATCH) return total;
  }
}

/**
 * What the privacy policy says is not kept: notifications and emails (the email log) older than
 * RETENTION_DAYS, and every token past its expiry — emailed links (password reset, sign-in, email
 * verification: better-auth's `verifications`) and ended sessions. An email still being handed to the mail
 * server is left for the next run. Safe to run at any time, and twice.
 */
export async function applyRetention(db: Db, now = new Date(), days = retentionDays()) {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const [oldNotifications, oldEmails, expiredLinks, expiredSessions] = [
    await deleteInBatches(db, notifications, lt(notifications.createdAt, cutoff)),
    await deleteInBatches(db, emailOutbox, and(lt(emailOutbox.createdAt, cutoff), ne(emailOutbox.status, "sending"))),
    await deleteInBatches(db, verifications, lt(verifications.expiresAt, now)),
    await deleteInBatches(db, sessions, lt(sessions.expiresAt, now)),
  ];
  return { notifications: oldNotifications, emails: oldEmails, links: expiredLinks, sessions: expiredSessions };
}

/**
 * Daily at 03:40 UTC, once per cluster (a pg-boss schedule, not a timer in one process): the rows above, and data
 * exports past their link's life with their files (core/privacy/data-export.ts).
 */
export function defineRetentionJob({ db, queue, media }: { db: Db; queue: JobQueue; media: MediaStorage }) {
  queue.define(
    APPLY_RETENTION,
    async () => {
      await applyRetention(db);
      await removeExpiredExports(db, media);
    },
    { cron: "40 3 * * *", retryLimit: 1 },
  );
}
