import { once } from "node:events";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Db } from "../../db/client.ts";
import { dataExports, users } from "../../db/schema/index.ts";
import { EXPORT_LINK_HOURS } from "../../schemas/data-export.ts";
import type { JobQueue } from "../jobs/index.ts";
import { type MediaStorage, newPrivateKey } from "../media/index.ts";
import { notify } from "../notifications/index.ts";
import { exportLifeMs, markExportFailed, PREPARE_EXPORT } from "./data-export.ts";
import {
  accountOf,
  advertEntry,
  advertsOf,
  EXPORT_CURRENCY,
  favouriteEntry,
  favouritesOf,
  messagesOf,
  notificationEntry,
  notificationsOf,
  orderEntry,
  ordersOf,
  photoPath,
  proofEntry,
  proofPhotoPath,
  proofsOf,
  reviewEntry,
  reviewsOf,
  savedSearchEntry,
  savedSearchesOf,
} from "./export-contents.ts";

/** The ZIP's README.txt: its format, file by file (docs/features.md says the same). */
export const EXPORT_README = `Your data from ReLaptop
=======================

Prepared at your request ("Download my data" on your profile). The download link works for ${EXPORT_LINK_HOURS} hours.

Every .json file is UTF-8 JSON: account.json is one object, every other file is a list of objects.
Times are ISO 8601 in UTC. Money is in integer cents (1999 is 19.99) of the currency its "currency" field names (${EXPORT_CURRENCY}).

account.json            your account: name, email, role, when it was made, your email choices, how you sign in
                        (a password, Google, your passkeys' names, two-factor: never a secret) and its history
                        (changes to how you sign in, starting to sell)
adverts.json            the adverts you posted, whatever became of them, with their photos' places in this ZIP
orders.json             orders you placed ("as": "buyer", with the details you gave) and orders of your laptops
                        ("as": "seller", with the buyer's name only: their contact details are theirs)
messages.json           every message in your conversations, yours ("from": "you") and the other person's ("them")
reviews-written.json    reviews you wrote as a buyer
reviews-received.json   reviews your buyers wrote about you as a seller, named as your seller page names them
favourites.json         the laptops you saved, with the price when you saved them
saved-searches.json     your saved searches: their words, filters and alerts
notifications.json      your notifications, as they read when you were told
proof-photos.json       the proof photos you sent to show a laptop in hand: the code each should show, our team's
                        decision, and its place in this ZIP
photos/<advert id>/<n>.<ext>   the photos of your adverts as ReLaptop keeps them, in their order (1 is the main one)
proof-photos/<id>.<ext>        your proof photos as ReLaptop keeps them (only you and our team see them)
`;

/** A JSON list written into the ZIP a row at a time: nothing but the current page is held in memory. */
async function writeList<T>(
  zip: Zip,
  name: string,
  rows: AsyncIterable<T>,
  entry: (row: T) => unknown,
  flush: () => Promise<void>,
) {
  const file = new ZipDeflate(name, { level: 6 });
  zip.add(file);
  const encoder = new TextEncoder();
  let first = true;
  for await (const row of rows) {
    file.push(encoder.encode(`${first ? "[\n" : ",\n"}${JSON.stringify(entry(row))}`));
    first = false;
    await flush();
  }
  file.push(encoder.encode(first ? "[]\n" : "\n]\n"), true);
  await flush();
}

/**
 * Writes a person's ZIP to `file`, streaming: each list in keyset pages, each photo read from storage and added
 * (stored, not compressed again: they are WebP, PNG or JPEG already), the file written as it grows and waited
 * on when the disk is behind.
 */
export async function writeExportZip(db: Db, media: MediaStorage, userId: string, file: string) {
  const out = createWriteStream(file);
  let behind = false;
  let failed: Error | undefined;
  const done = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
  // Awaited at the end; a disk error before then also rejects the drain being waited for, which reports it.
  done.catch(() => undefined);
  const zip = new Zip((error, chunk, final) => {
    if (error) failed = error;
    else if (!out.write(chunk)) behind = true;
    if (final || error) out.end();
  });
  const flush = async () => {
    if (failed) throw failed;
    if (behind) {
      behind = false;
      await once(out, "drain");
    }
  };
  const encoder = new TextEncoder();
  const single = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(text), true);
  };
  try {
    single("README.txt", EXPORT_README);
    single("account.json", `${JSON.stringify(await accountOf(db, userId), null, 2)}\n`);
    await flush();
    await writeList(zip, "adverts.json", advertsOf(db, userId), advertEntry, flush);
    await writeList(zip, "orders.json", ordersOf(db, userId), (o) => orderEntry(userId, o), flush);
    await writeList(zip, "messages.json", messagesOf(db, userId), (m) => m, flush);
    await writeList(
      zip,
      "reviews-written.json",
      reviewsOf(db, userId, "written"),
      (r) => reviewEntry("written", r),
      flush,
    );
    await writeList(
      zip,
      "reviews-received.json",
      reviewsOf(db, userId, "received"),
      (r) => reviewEntry("received", r),
      flush,
    );
    await writeList(zip, "favourites.json", favouritesOf(db, userId), favouriteEntry, flush);
    await writeList(zip, "saved-searches.json", savedSearchesOf(db, userId), savedSearchEntry, flush);
    await writeList(zip, "notifications.json", notificationsOf(db, userId), notificationEntry, flush);
    await writeList(zip, "proof-photos.json", proofsOf(db, userId), proofEntry, flush);
    for await (const { advert } of advertsOf(db, userId)) {
      for (const [i, key] of advert.photoKeys.entries()) {
        const bytes = await media.get(key);
        // A photo missing from storage is left out; the advert's entry still names where it would be.
        if (!bytes) continue;
        const photo = new ZipPassThrough(photoPath(advert.id, i + 1, key));
        zip.add(photo);
        photo.push(bytes, true);
        await flush();
      }
    }
    for await (const proof of proofsOf(db, userId)) {
      const file = await media.openPrivate(proof.photoKey);
      // Missing from storage: left out, as an advert's photo is.
      if (!file) continue;
      const photo = new ZipPassThrough(proofPhotoPath(proof.id, proof.photoKey));
      zip.add(photo);
      photo.push(Buffer.concat(await file.stream.toArray()), true);
      await flush();
    }
    zip.end();
    await flush();
  } catch (error) {
    zip.terminate();
    out.destroy();
    throw error;
  }
  await done;
}

/**
 * The job: builds the person's ZIP on this machine's disk, stores it in the media storage's private area (the
 * disk or the bucket every process reads), then — in one transaction — marks the request ready until
 * EXPORT_LINK_HOURS from now and tells the person (in the app, and by email unless they turned that off).
 * A request that is not preparing any more (done by an earlier try, or its account deleted meanwhile) stores
 * nothing; a try that fails is retried, and the last one marks the request failed.
 */
export async function prepareExport(db: Db, media: MediaStorage, exportId: string) {
  const [request] = await db
    .select({ userId: dataExports.userId })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(
      and(
        eq(dataExports.id, exportId),
        eq(dataExports.status, "preparing"),
        isNull(dataExports.expiresAt),
        isNull(users.deactivatedAt),
      ),
    );
  if (!request) return;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "relaptop-export-"));
  try {
    const file = path.join(dir, "export.zip");
    await writeExportZip(db, media, request.userId, file);
    const key = newPrivateKey();
    await media.putPrivate(key, file);
    const { size } = await fs.stat(file);
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + exportLifeMs);
    const ready = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(dataExports)
        .set({ status: "ready", storageKey: key, sizeBytes: size, readyAt, expiresAt })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "preparing"), isNull(dataExports.expiresAt)))
        .returning({ userId: dataExports.userId });
      if (!row) return false;
      await notify(tx, "account.dataExportReady", {
        recipientId: row.userId,
        params: { expiresAt: expiresAt.toISOString() },
      });
      return true;
    });
    // Its account was deleted while the ZIP was made: nothing of it is kept.
    if (!ready) await media.removePrivate(key);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The job on the queue: a few tries a minute apart, then the request is marked failed. */
export function defineExportJob({ db, queue, media }: { db: Db; queue: JobQueue; media: MediaStorage }) {
  queue.define<{ exportId: string }>(
    PREPARE_EXPORT,
    async ({ exportId }, { lastTry }) => {
      try {
        await prepareExport(db, media, exportId);
      } catch (error) {
        if (lastTry) await markExportFailed(db, exportId);
        throw error;
      }
    },
    { retryLimit: 3, retryDelay: 60, retryBackoff: true },
  );
}
