import fs from "node:fs/promises";
import path from "node:path";
import { eq, getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createJobQueue } from "../../core/jobs/index.ts";
import { IMAGE_COLUMNS, type MediaStorage, SWEEP_UNNAMED_IMAGES, sweepUnnamedImages } from "../../core/media/index.ts";
import * as schema from "../../db/schema/index.ts";
import { adverts, disputeMessages, disputes, stagedPhotos } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createPaidOrder } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { type Person, signedInPerson } from "../support/people.ts";
import { startTestApp, testAppForTests } from "../support/test-app.ts";

/** Images no row names are deleted once nothing has named them for a week, run after run; named ones stay. */
const t = testAppForTests();
const DAY = 24 * 60 * 60 * 1000;
let anonymous: Client;
let seller: Person;
let buyer: Person;
let brandId: string;

const daysOn = (days: number, from = Date.now()) => new Date(from + days * DAY);
/** A run of the daily sweep, as if on that day. */
const sweep = (now: Date) => sweepUnnamedImages(t.db, t.services.media, { keptDays: 7, now });
/** Whether /media/ serves the image: what a page showing it would get. */
const served = async (key: string) => (await anonymous.raw("GET", `/media/${key}`)).statusCode;
/** An image stored a day before the runs below begin (one stored in the hour before a run waits a run more). */
const store = async (color: string) => {
  const key = await t.services.media.put(await pngBytes(color), "png");
  await writtenDaysAgo(key, 1);
  return key;
};
const fileOf = (key: string) => {
  if (t.config.media.kind !== "disk") throw new Error("these tests read the disk store");
  return path.join(t.config.media.dir, key);
};
/** As if last written that many days ago. */
const writtenDaysAgo = async (key: string, days: number) => {
  const then = daysOn(-days);
  await fs.utimes(fileOf(key), then, then);
};
const laptop = (name: string) => createAdvert(t, { sellerId: seller.user.id, brandId, name, resalePriceCents: 50_000 });

beforeAll(async () => {
  anonymous = client(t);
  seller = await signedInPerson(t, "seller");
  buyer = await signedInPerson(t);
  brandId = (await createBrand(t, "Lenovo")).id;
});

describe("the sweep of unnamed images", () => {
  it("keeps what the catalogue, orders, disputes, staged photos and review signals name; deletes the rest a week on", async () => {
    const [brand] = await t.db.select().from(schema.brands).where(eq(schema.brands.id, brandId));
    // A laptop sold, whose photos were then replaced: its first photo is named by the order alone.
    const sold = await laptop("ThinkPad T14");
    await createPaidOrder(t, buyer.user, { advertId: sold.id, meetingLocation: "Banani", phone: "01712345678" });
    const replacement = await store("#101");
    await t.db
      .update(adverts)
      .set({ imageKey: replacement, photoKeys: [replacement] })
      .where(eq(adverts.id, sold.id));
    // An advert from before photos were a list: only its cover names its photo.
    const old = await laptop("Inspiron 15");
    await t.db.update(adverts).set({ photoKeys: [] }).where(eq(adverts.id, old.id));
    // A second photo (the array of photos), a dispute's photo, a staged photo, a review signal's two photos.
    const side = await store("#202");
    const listed = await laptop("XPS 13");
    await t.db
      .update(adverts)
      .set({ photoKeys: [listed.imageKey, side] })
      .where(eq(adverts.id, listed.id));
    const disputePhoto = await store("#303");
    const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.advertId, sold.id));
    const [dispute] = await t.db
      .insert(disputes)
      .values({ orderId: order?.id as string, reason: "not_as_described" })
      .returning();
    await t.db.insert(disputeMessages).values({
      disputeId: dispute?.id as string,
      side: "buyer",
      body: "The screen is cracked.",
      photoKeys: [disputePhoto],
    });
    const staged = await store("#404");
    await t.db.insert(stagedPhotos).values({ ownerId: seller.user.id, photoKey: staged, hash: 1n });
    const [signalled, signalledOwn] = [await store("#505"), await store("#515")];
    const sameAs = [
      {
        advertId: sold.id,
        advertName: "ThinkPad T14",
        sellerName: "x",
        photoKey: signalled,
        ownPhotoKey: signalledOwn,
      },
    ];
    await t.db
      .update(adverts)
      .set({ reviewSignals: [{ kind: "duplicate_photo", detail: "Looks like another advert's photo.", sameAs }] })
      .where(eq(adverts.id, listed.id));
    const unused = [await store("#606"), await store("#707")];
    const kept = [
      brand?.imageKey,
      sold.imageKey,
      replacement,
      old.imageKey,
      listed.imageKey,
      side,
      disputePhoto,
      staged,
      signalled,
      signalledOwn,
    ] as string[];

    // The first run finds them unnamed; nothing goes until a week has passed.
    expect((await sweep(new Date())).removed).toBe(0);
    expect((await sweep(daysOn(6))).removed).toBe(0);
    for (const key of unused) expect(await served(key)).toBe(200);

    expect((await sweep(daysOn(7))).removed).toBe(2);
    for (const key of unused) expect(await served(key), key).toBe(404);
    for (const key of kept) expect(await served(key), key).toBe(200);
    // The run's working list goes with it; nothing is left waiting.
    expect(await t.db.select().from(schema.mediaSweepCandidates)).toEqual([]);
    expect(await t.db.select().from(schema.unnamedImages)).toEqual([]);
  });

  it("a photo the seller replaces goes a week after, however long ago it was uploaded; the new one stays", async () => {
    const advert = await laptop("Latitude 7440");
    await writtenDaysAgo(advert.imageKey, 30);
    const upload = multipart({}, { photo: { name: "new.png", data: await pngBytes("#0a0") } });
    const stagedNew = await seller.http.raw("POST", "/api/advert-photos", upload.payload, upload.headers);
    expect(stagedNew.statusCode, stagedNew.body).toBe(201);
    const form = multipart({
      name: "Latitude 7440",
      brandId,
      originalPrice: "1400",
      resalePrice: "700",
      yearsOfUse: "2",
      location: "Sylhet",
      mobile: "01712345678",
      description: "Works perfectly.",
      condition: "good",
      photo: [stagedNew.json().id],
      photoOrder: "given",
    });
    const saved = await seller.http.raw("PUT", `/api/adverts/${advert.id}`, form.payload, form.headers);
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const [now] = await t.db.select().from(adverts).where(eq(adverts.id, advert.id));
    expect(now?.imageKey).not.toBe(advert.imageKey);

    // Shared links and open pages still show it the day it was replaced, and for the week after.
    const replacedAt = Date.now();
    await sweep(new Date(replacedAt));
    expect(await served(advert.imageKey)).toBe(200);
    await sweep(daysOn(8, replacedAt));
    expect(await served(advert.imageKey)).toBe(404);
    expect(await served(now?.imageKey as string)).toBe(200);
  });

  it("named again stops the clock; unnamed again starts it afresh", async () => {
    const key = await store("#828");
    const start = Date.now();
    await sweep(new Date(start));
    const [row] = await t.db
      .insert(stagedPhotos)
      .values({ ownerId: seller.user.id, photoKey: key, hash: 3n })
      .returning();
    await sweep(daysOn(8, start));
    expect(await served(key)).toBe(200);
    await t.db.delete(stagedPhotos).where(eq(stagedPhotos.id, row?.id as string));
    await sweep(daysOn(9, start));
    await sweep(daysOn(15, start));
    expect(await served(key)).toBe(200);
    await sweep(daysOn(17, start));
    expect(await served(key)).toBe(404);
  });

  it("an image stored again after it was found unnamed stays, and its clock starts afresh", async () => {
    const bytes = await pngBytes("#838");
    const key = await t.services.media.put(bytes, "png");
    await writtenDaysAgo(key, 30);
    const start = Date.now();
    await sweep(new Date(start));
    // The same picture uploaded anew (a seller adding it again): written now, after its clock started.
    await t.services.media.put(bytes, "png");
    await sweep(daysOn(8, start));
    expect(await served(key)).toBe(200);
    await sweep(daysOn(9, start));
    await sweep(daysOn(17, start));
    expect(await served(key)).toBe(404);
  });

  it("an image stored in the hour before a run (named, maybe, just after it) waits a run more", async () => {
    const key = await t.services.media.put(await pngBytes("#888"), "png");
    const start = Date.now();
    await sweep(new Date(start));
    await sweep(daysOn(7, start));
    expect(await served(key)).toBe(200);
    await sweep(daysOn(14, start));
    expect(await served(key)).toBe(404);
  });

  it("an image that cannot be deleted does not hold up the others; the run then fails saying how many", async () => {
    const [stuck, other] = [await store("#858"), await store("#868")];
    const refusing: MediaStorage = {
      ...t.services.media,
      removeImage: (key, writtenBefore) =>
        key === stuck ? Promise.reject(new Error("Access Denied")) : t.services.media.removeImage(key, writtenBefore),
    };
    const start = Date.now();
    await sweepUnnamedImages(t.db, refusing, { keptDays: 7, now: new Date(start) });
    await expect(sweepUnnamedImages(t.db, refusing, { keptDays: 7, now: daysOn(8, start) })).rejects.toThrow(
      /1 unnamed images could not be deleted/,
    );
    expect(await served(other)).toBe(404);
    expect(await served(stuck)).toBe(200);
    // Its clock is kept: once the store lets it go, the next run deletes it.
    await sweep(daysOn(9, start));
    expect(await served(stuck)).toBe(404);
  });

  it("on disk, a file a stopped sweep left aside is put back under its name, or dropped if stored again since", async () => {
    const key = await store("#848");
    await fs.rename(fileOf(key), `${fileOf(key)}.0123456789ab.sweeping`);
    expect(await served(key)).toBe(404);
    const again = await store("#849");
    await fs.copyFile(fileOf(again), `${fileOf(again)}.ba9876543210.sweeping`);
    const keys = [];
    for await (const listed of t.services.media.listImages()) keys.push(listed);
    expect(keys).toContain(key);
    expect(await served(key)).toBe(200);
    const folder = await fs.readdir(path.dirname(fileOf(again)));
    expect(folder.filter((name) => name.startsWith(path.basename(fileOf(again))))).toEqual([
      path.basename(fileOf(again)),
    ]);
  });

  it("on disk, a picture read while it is uploaded again is always whole", async () => {
    const bytes = await pngBytes("#878");
    const key = await t.services.media.put(bytes, "png");
    for (let round = 0; round < 20; round++) {
      const [, ...reads] = await Promise.all([
        t.services.media.put(bytes, "png"),
        ...Array.from({ length: 5 }, () => t.services.media.get(key)),
      ]);
      for (const read of reads) expect(read?.length).toBe(bytes.length);
    }
  });

  it("never touches the private area (data exports, proof photos)", async () => {
    const privateKey = `private/${"ab".repeat(32)}.zip`;
    await t.services.media.putPrivate(privateKey, Buffer.from("a person's data"));
    await sweep(new Date());
    await sweep(daysOn(30));
    expect(await t.services.media.openPrivate(privateKey)).not.toBeNull();
    await expect(t.services.media.removeImage(privateKey, daysOn(30))).rejects.toThrow(/not an image's key/);
  });

  it("knows every column that names an image (a table that gains one must be listed in IMAGE_COLUMNS)", () => {
    // Private files' keys are not images: a proof photo is only ever under private/ and is deleted with its row.
    const notImages = new Set(["advert_proofs.photo_key"]);
    const named = (Object.values(schema) as unknown[])
      .filter((table): table is PgTable => is(table, PgTable))
      .flatMap((table) =>
        Object.values(getTableColumns(table))
          .filter((column) => /(image|photo)_keys?$/.test(column.name))
          .map((column) => `${getTableName(table)}.${column.name}`),
      )
      .filter((name) => !notImages.has(name));
    const listed = IMAGE_COLUMNS.map((column) => `${getTableName(column.table)}.${column.name}`);
    expect(new Set(listed)).toEqual(new Set(named));
    expect(IMAGE_COLUMNS.every((column) => is(column, PgColumn))).toBe(true);
  });
});

describe("the daily job", () => {
  const schedules = async (app: { db: typeof t.db }) => {
    const result = await app.db.execute(sql`select name, cron from pgboss.schedule order by name`);
    return (result as unknown as { rows: { name: string; cron: string }[] }).rows;
  };

  it("is scheduled daily once the queue starts; a schedule nothing defines any more is removed", async () => {
    await t.services.jobs.start();
    expect(await schedules(t)).toContainEqual({ name: SWEEP_UNNAMED_IMAGES, cron: "10 4 * * *" });
    await t.services.jobs.stop();
    // A process whose code no longer defines it (or defines nothing): its start removes the schedule.
    const bare = createJobQueue(t.database);
    await bare.start();
    await bare.stop();
    expect((await schedules(t)).map((s) => s.name)).not.toContain(SWEEP_UNNAMED_IMAGES);
    await t.services.jobs.start();
    expect((await schedules(t)).map((s) => s.name)).toContain(SWEEP_UNNAMED_IMAGES);
    await t.services.jobs.stop();
  });

  it("MEDIA_SWEEP_DAYS=0 keeps every image: no schedule", async () => {
    const app = await startTestApp({ MEDIA_SWEEP_DAYS: "0" });
    try {
      await app.services.jobs.start();
      const names = (await schedules(app)).map((s) => s.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names).not.toContain(SWEEP_UNNAMED_IMAGES);
    } finally {
      await app.close();
    }
  });
});

describe("two runs at once", () => {
  it("each works from its own list: what is named stays, what is not goes", async () => {
    const unused = await store("#919");
    const named = await store("#929");
    await t.db.insert(stagedPhotos).values({ ownerId: seller.user.id, photoKey: named, hash: 2n });
    await sweep(new Date());
    await Promise.all([sweep(daysOn(8)), sweep(daysOn(8))]);
    expect(await served(unused)).toBe(404);
    expect(await served(named)).toBe(200);
    expect(await t.db.select().from(schema.mediaSweepCandidates)).toEqual([]);
  });
});
