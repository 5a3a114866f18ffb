import { and, desc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { dataExports } from "../../db/schema/index.ts";
import type { SessionUser } from "../../schemas/accounts.ts";
import {
  type DataExportView,
  EXPORT_LINK_HOURS,
  exportDownloadPath,
  DATA_EXPORT_MESSAGES as M,
} from "../../schemas/data-export.ts";
import { AppError } from "../errors.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { MediaStorage } from "../media/index.ts";

export const PREPARE_EXPORT = "privacy.prepare-export";

/** A prepared download's life, from when it is ready (EXPORT_LINK_HOURS). */
export const exportLifeMs = EXPORT_LINK_HOURS * 60 * 60 * 1000;

/**
 * A request still preparing after this long lost its job (every try of a job ends well within it): it no longer
 * stands in the way of a new one.
 */
const PREPARING_GIVES_UP_MS = 60 * 60 * 1000;

/**
 * "Download my data": records the request and queues the job that prepares the ZIP (core/privacy/prepare-export.ts),
 * in one transaction. One request prepares at a time per person (a unique index): a second while one prepares is
 * refused with a message saying so. A request whose job was lost an hour ago is marked failed first.
 */
export async function requestExport(db: Db, jobs: JobQueue, actor: SessionUser): Promise<DataExportView> {
  try {
    return await db.transaction(async (tx) => {
      await tx
        .update(dataExports)
        .set({ status: "failed", expiresAt: new Date(Date.now() + exportLifeMs) })
        .where(
          and(
            eq(dataExports.userId, actor.id),
            eq(dataExports.status, "preparing"),
            lt(dataExports.createdAt, new Date(Date.now() - PREPARING_GIVES_UP_MS)),
          ),
        );
      const [row] = await tx.insert(dataExports).values({ userId: actor.id }).returning();
      if (!row) throw new Error("the export request was not recorded");
      await jobs.sendInTransaction(tx, PREPARE_EXPORT, [{ exportId: row.id }]);
      return viewOf(row, new Date());
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", M.alreadyPreparing);
    throw error;
  }
}

type ExportRow = typeof dataExports.$inferSelect;

/** What the person is shown of a request: the download's address only while it works. */
function viewOf(row: ExportRow, now: Date): DataExportView {
  const downloadable = row.status === "ready" && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.status === "ready" ? (row.expiresAt?.toISOString() ?? null) : null,
    downloadUrl: downloadable ? exportDownloadPath(row.id) : null,
  };
}

/** The person's latest request (the profile's section), or null if they never asked or it expired. */
export async function latestExport(db: Db, actor: SessionUser, now = new Date()): Promise<DataExportView | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, actor.id))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  if (!row || (row.expiresAt && row.expiresAt <= now)) return null;
  return viewOf(row, now);
}

/**
 * The ready export `exportId` of the asking person: refused (404) when it is not theirs or does not exist — the
 * same answer, so nobody learns another person's export exists — still preparing or failed (409), or expired
 * (404 saying so). A deleted account has no session, and its exports expired in the deleting transaction.
 */
export async function exportFor(db: Db, actor: SessionUser, exportId: string) {
  // The database's clock decides expiry: the one that expired a deleted account's exports.
  const [row] = await db
    .select({
      status: dataExports.status,
      storageKey: dataExports.storageKey,
      readyAt: dataExports.readyAt,
      expired: sql<boolean>`coalesce(${dataExports.expiresAt} <= now(), false)`,
    })
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, actor.id)));
  if (!row) throw new AppError("NOT_FOUND", M.notFound);
  if (row.expired) throw new AppError("NOT_FOUND", M.expired);
  if (row.status === "failed") throw new AppError("CONFLICT", M.failed);
  if (row.status !== "ready" || !row.storageKey || !row.readyAt) throw new AppError("CONFLICT", M.alreadyPreparing);
  return { storageKey: row.storageKey, readyAt: row.readyAt };
}

/** The ZIP of `exportFor`, streamed from storage, with the name the browser saves it under. */
export async function openExport(db: Db, media: MediaStorage, actor: SessionUser, exportId: string) {
  const { storageKey, readyAt } = await exportFor(db, actor, exportId);
  const file = await media.openPrivate(storageKey);
  if (!file) throw new AppError("NOT_FOUND", M.expired);
  return { ...file, fileName: `relaptop-data-${readyAt.toISOString().slice(0, 10)}.zip` };
}

/**
 * Inside the transaction that deletes an account: every export of theirs expires now, so no process serves one
 * again (each reads the row), and a job still preparing one stores nothing. The files go after the commit
 * (`removeExpiredExports`), or in the daily sweep if that is interrupted.
 */
export async function expireExportsOf(tx: Db | Tx, userId: string) {
  await tx.update(dataExports).set({ expiresAt: sql`now()` }).where(eq(dataExports.userId, userId));
}

/** Rows (and their files) taken per round of the sweep. */
const BATCH = 200;

/**
 * Deletes expired exports, their files first and then their rows (a file whose row is gone could never be found
 * again): everyone's (the daily retention sweep) or one person's (after their account is deleted). Returns how many.
 */
export async function removeExpiredExports(
  db: Db,
  media: MediaStorage,
  { now, userId }: { now?: Date; userId?: string } = {},
) {
  let total = 0;
  for (;;) {
    const expired = await db
      .select({ id: dataExports.id, storageKey: dataExports.storageKey })
      .from(dataExports)
      .where(and(lte(dataExports.expiresAt, now ?? sql`now()`), userId ? eq(dataExports.userId, userId) : undefined))
      .orderBy(dataExports.id)
      .limit(BATCH);
    for (const { storageKey } of expired) if (storageKey) await media.removePrivate(storageKey);
    if (expired.length > 0) {
      await db.delete(dataExports).where(
        inArray(
          dataExports.id,
          expired.map((e) => e.id),
        ),
      );
    }
    total += expired.length;
    if (expired.length < BATCH) return total;
  }
}

/** The job's last try failed: the person is shown so, and may ask again. */
export async function markExportFailed(db: Db, exportId: string) {
  await db
    .update(dataExports)
    .set({ status: "failed", expiresAt: new Date(Date.now() + exportLifeMs) })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "preparing"), isNull(dataExports.expiresAt)));
}
