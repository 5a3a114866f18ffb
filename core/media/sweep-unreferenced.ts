import { randomUUID } from "node:crypto";
import { and, asc, eq, getTableName, gt, lt, type SQL, sql } from "drizzle-orm";
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
} from "../../db/schema/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { MediaStorage } from "./storage.ts";

export const SWEEP_UNREFERENCED_IMAGES = "media.sweep-unreferenced-images";

/**
 * How long an image stays stored with nothing naming it. Longer than any use takes to name what it stored: a
 * form names its photos in the request that stored them, a staged photo for 24 hours (its row names it).
 */
export const UNREFERENCED_IMAGES_KEPT_DAYS = 7;

/**
 * Every column that names an image by its key (a text, or an array of them) — images are content-addressed,
 * so one file may be named by many rows of many domains, and only all of them together say it is unused.
 * tests/integration/image-sweep.test.ts fails when a table gains a column named like one and is not listed here.
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

/** Images named inside a document: the review signals' photos on another advert, shown to the admins. */
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

/**
 * Deletes the stored images that no row names and that nobody wrote for UNREFERENCED_IMAGES_KEPT_DAYS: replaced
 * and removed photos, staged photos never used, old logos. Three steps, so that the tables are read once
 * whatever the number of images: the stored images old enough go to the run's list; one statement strikes off
 * every one some row names; the rest are deleted from storage. An image can only come back into use by being
 * stored again (a form names what it stored, and a row copies a key only from another row, which kept it off
 * the list) — and storing writes it anew, which `removeImage` checks at the moment of deleting.
 */
export async function sweepUnreferencedImages(
  db: Db,
  media: MediaStorage,
  now = new Date(),
): Promise<{ listed: number; removed: number }> {
  const writtenBefore = new Date(now.getTime() - UNREFERENCED_IMAGES_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const runId = randomUUID();
  // A crashed run's list: striking rows off only ever keeps more images, so this is safe while a run goes on.
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
  for await (const image of media.listImages()) {
    listed++;
    if (image.writtenAt >= writtenBefore) continue;
    batch.push(image.key);
    if (batch.length === BATCH) await write();
  }
  await write();

  await db.execute(
    sql`delete from ${mediaSweepCandidates} using (${namedImages()}) as named (key)
        where ${mediaSweepCandidates.runId} = ${runId} and ${mediaSweepCandidates.key} = named.key`,
  );

  let removed = 0;
  let after = "";
  for (;;) {
    const page = await db
      .select({ key: mediaSweepCandidates.key })
      .from(mediaSweepCandidates)
      .where(and(eq(mediaSweepCandidates.runId, runId), gt(mediaSweepCandidates.key, after)))
      .orderBy(asc(mediaSweepCandidates.key))
      .limit(BATCH);
    if (page.length === 0) break;
    const keys = page.map((row) => row.key);
    for (let i = 0; i < keys.length; i += PARALLEL) {
      const gone = await Promise.all(keys.slice(i, i + PARALLEL).map((key) => media.removeImage(key, writtenBefore)));
      removed += gone.filter(Boolean).length;
    }
    after = keys[keys.length - 1] as string;
  }
  await db.delete(mediaSweepCandidates).where(eq(mediaSweepCandidates.runId, runId));
  return { listed, removed };
}

/** Daily, once per cluster (a pg-boss schedule), after the night's retention (core/privacy/retention.ts). */
export function defineImageSweep({ db, queue, media }: { db: Db; queue: JobQueue; media: MediaStorage }) {
  queue.define(SWEEP_UNREFERENCED_IMAGES, async () => void (await sweepUnreferencedImages(db, media)), {
    cron: "10 4 * * *",
    retryLimit: 1,
  });
}
