import { randomUUID } from "node:crypto";
import { and, asc, eq, getTableName, gt, inArray, lt, lte, notExists, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  advertPhotoHashes,
  adverts,
  brands,
  disputeMessages,
  mediaSweepCandidates,
  orders,
  stagedPhotos,
  unnamedImages,
} from "../../db/schema/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { MediaStorage } from "./storage.ts";

export const SWEEP_UNNAMED_IMAGES = "media.sweep-unnamed-images";

/**
 * Every column that names an image by its key (a text, or an array of them) — images are content-addressed,
 * so one file may be named by many rows of many domains, and only all of them together say it is unused.
 * tests/integration/image-sweep.test.ts fails when a table gains a column named like one and is not listed
 * here, and when any image key the demo's database holds anywhere is not among what this names.
 */
export const IMAGE_COLUMNS: PgColumn[] = [
  brands.imageKey,
  adverts.imageKey,
  adverts.photoKeys,
  advertPhotoHashes.photoKey,
  stagedPhotos.photoKey,
  disputeMessages.photoKeys,
  orders.productImageKey,
];

/** Images named inside a document: the review signals' photos (this advert's and another's), shown to admins. */
const IMAGES_IN_DOCUMENTS = [
  sql`select jsonb_path_query(${adverts.reviewSignals}, '$[*].sameAs[*].photoKey') #>> '{}' from ${adverts}`,
  sql`select jsonb_path_query(${adverts.reviewSignals}, '$[*].sameAs[*].ownPhotoKey') #>> '{}' from ${adverts}`,
];

/** Every image key some row names (with repeats), as one query. */
const namedImages = (): SQL =>
  sql.join(
    [
      ...IMAGE_COLUMNS.map((column) => {
        const table = sql.identifier(getTableName(column.table));
        return column.dataType === "array"
          ? sql`select unnest(${column}) from ${table}`
          : sql`select ${column} from ${table}`;
      }),
      ...IMAGES_IN_DOCUMENTS,
    ],
    sql` union all `,
  );

/** Keys written to the run's list at once, and images deleted at once (each a round trip to a bucket). */
const BATCH = 1000;
const PARALLEL = 8;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than any request takes between storing an image and committing the row that names it. */
const WRITTEN_BEFORE_RUN_MS = 60 * 60 * 1000;

/**
 * Deletes the stored images that nothing has named for `keptDays`, run after run: replaced and removed photos,
 * staged photos never used, old logos. Each run reads the tables once, whatever the number of images: the
 * stored images go to the run's list; one statement strikes off every one some row names; what is left is
 * unnamed now. An image unnamed at this run and not at the last starts its clock; one named again (or gone)
 * loses it; one whose clock is `keptDays` old is deleted — unless it was written since, or in the hour before,
 * its clock started (uploaded anew; or stored just before a run by a request that named it just after), which
 * `removeImage` checks as it deletes. So what is named is seen at daily runs: a key a transaction copied from a
 * row just before that row let it go is named again by the next run, days before its file could go. Clocks are
 * the database's (`now` only for tests), the same whichever process's clock runs the job. One image that cannot
 * be deleted (a bucket refusing it) does not hold up the others: the run deletes what it can, then fails.
 */
export async function sweepUnnamedImages(
  db: Db,
  media: MediaStorage,
  { keptDays, now: at }: { keptDays: number; now?: Date },
): Promise<{ listed: number; removed: number }> {
  const now = at ?? (await databaseNow(db));
  const runId = randomUUID();
  const mine = eq(mediaSweepCandidates.runId, runId);
  // A crashed run's list: a list that goes only ever keeps more images, so this is safe while a run goes on.
  await db.delete(mediaSweepCandidates).where(lt(mediaSweepCandidates.createdAt, sql`now() - interval '1 day'`));

  let listed = 0;
  let batch: string[] = [];
  const write = async () => {
    if (batch.length === 0) return;
    await db
      .insert(mediaSweepCandidates)
      .values(batch.map((key) => ({ runId, key })))
      .onConflictDoNothing();
    batch = [];
  };
  for await (const key of media.listImages()) {
    listed++;
    batch.push(key);
    if (batch.length === BATCH) await write();
  }
  await write();

  await db.execute(
    sql`delete from ${mediaSweepCandidates} using (${namedImages()}) as named (key)
        where ${mediaSweepCandidates.runId} = ${runId} and ${mediaSweepCandidates.key} = named.key`,
  );
  // Named again, or no longer stored: its clock stops. Unnamed for the first time: its clock starts now.
  const stillUnnamed = db
    .select({ key: mediaSweepCandidates.key })
    .from(mediaSweepCandidates)
    .where(and(mine, eq(mediaSweepCandidates.key, unnamedImages.key)));
  await db.delete(unnamedImages).where(notExists(stillUnnamed));
  await db.execute(
    sql`insert into ${unnamedImages} (key, unnamed_since)
        select ${mediaSweepCandidates.key}, ${now.toISOString()}::timestamptz from ${mediaSweepCandidates}
        where ${mediaSweepCandidates.runId} = ${runId}
        on conflict (key) do nothing`,
  );

  let removed = 0;
  const failed: unknown[] = [];
  let after = "";
  for (;;) {
    const due = await db
      .select({ key: unnamedImages.key, since: unnamedImages.unnamedSince })
      .from(unnamedImages)
      .innerJoin(mediaSweepCandidates, and(mine, eq(mediaSweepCandidates.key, unnamedImages.key)))
      .where(
        and(lte(unnamedImages.unnamedSince, new Date(now.getTime() - keptDays * DAY_MS)), gt(unnamedImages.key, after)),
      )
      .orderBy(asc(unnamedImages.key))
      .limit(BATCH);
    if (due.length === 0) break;
    const [gone, kept]: [string[], string[]] = [[], []];
    for (let i = 0; i < due.length; i += PARALLEL) {
      const some = due.slice(i, i + PARALLEL);
      const outcomes = await Promise.allSettled(
        some.map(({ key, since }) => media.removeImage(key, new Date(since.getTime() - WRITTEN_BEFORE_RUN_MS))),
      );
      outcomes.forEach((outcome, k) => {
        const key = some[k]?.key as string;
        if (outcome.status === "rejected") failed.push(outcome.reason);
        else if (outcome.value) gone.push(key);
        else kept.push(key);
      });
    }
    removed += gone.length;
    // Deleted: its clock goes. Stored since its clock started: its clock starts again now. Failed: kept as it is.
    if (gone.length > 0) await db.delete(unnamedImages).where(inArray(unnamedImages.key, gone));
    if (kept.length > 0)
      await db.update(unnamedImages).set({ unnamedSince: now }).where(inArray(unnamedImages.key, kept));
    after = due[due.length - 1]?.key as string;
  }
  await db.delete(mediaSweepCandidates).where(mine);
  if (failed.length > 0) {
    throw new AggregateError(failed, `${failed.length} unnamed images could not be deleted (${removed} were)`);
  }
  return { listed, removed };
}

async function databaseNow(db: Db): Promise<Date> {
  const result = await db.execute(sql`select now() as now`);
  const [row] = (result as unknown as { rows: { now: string | Date }[] }).rows;
  return new Date(row?.now ?? Date.now());
}

/** Daily, once per cluster (a pg-boss schedule), after the night's retention (core/privacy/retention.ts). */
export function defineImageSweep({
  db,
  queue,
  media,
  keptDays,
}: {
  db: Db;
  queue: JobQueue;
  media: MediaStorage;
  keptDays: number;
}) {
  queue.define(SWEEP_UNNAMED_IMAGES, async () => void (await sweepUnnamedImages(db, media, { keptDays })), {
    cron: "10 4 * * *",
    retryLimit: 1,
  });
}
