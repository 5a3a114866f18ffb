import { eq, getTableColumns, getTableName, is } from "drizzle-orm";
import { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_COLUMNS, sweepUnreferencedImages, UNREFERENCED_IMAGES_KEPT_DAYS } from "../../core/media/index.ts";
import * as schema from "../../db/schema/index.ts";
import { adverts, disputeMessages, disputes, stagedPhotos } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createPaidOrder } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { type Person, signedInPerson } from "../support/people.ts";
import { testAppForTests } from "../support/test-app.ts";

/** Images no row names are deleted once nobody has written them for a week; every image a row names stays. */
const t = testAppForTests();
const DAY = 24 * 60 * 60 * 1000;
const aWeekOn = () => new Date(Date.now() + (UNREFERENCED_IMAGES_KEPT_DAYS + 1) * DAY);
let anonymous: Client;
let seller: Person;
let buyer: Person;
let brandId: string;

/** Whether /media/ serves the image: what a page showing it would get. */
const served = async (key: string) => (await anonymous.raw("GET", `/media/${key}`)).statusCode;
const store = async (color: string) => t.services.media.put(await pngBytes(color), "png");

beforeAll(async () => {
  anonymous = client(t);
  seller = await signedInPerson(t, "seller");
  buyer = await signedInPerson(t);
  brandId = (await createBrand(t, "Lenovo")).id;
});

describe("the sweep of unreferenced images", () => {
  it("keeps what the catalogue, orders, disputes, staged photos and review signals name; deletes the rest after a week", async () => {
    const logo = (await t.db.select().from(schema.brands).where(eq(schema.brands.id, brandId)))[0]?.imageKey;
    // A laptop sold, whose photos were then replaced: its first photo is named by the order alone.
    const sold = await createAdvert(t, {
      sellerId: seller.user.id,
      brandId,
      name: "ThinkPad T14",
      resalePriceCents: 50_000,
    });
    await createPaidOrder(t, buyer.user, { advertId: sold.id, meetingLocation: "Banani", phone: "01712345678" });
    const onlyTheOrder = sold.imageKey;
    const replacement = await store("#101");
    await t.db
      .update(adverts)
      .set({ imageKey: replacement, photoKeys: [replacement] })
      .where(eq(adverts.id, sold.id));
    // A second photo on an advert (its array of photos), a dispute's photo, a staged photo, a review signal's.
    const side = await store("#202");
    const listed = await createAdvert(t, {
      sellerId: seller.user.id,
      brandId,
      name: "XPS 13",
      resalePriceCents: 60_000,
    });
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
    const signalled = await store("#505");
    const sameAs = [
      { advertId: sold.id, advertName: "ThinkPad T14", sellerName: "x", photoKey: signalled, ownPhotoKey: side },
    ];
    await t.db
      .update(adverts)
      .set({ reviewSignals: [{ kind: "duplicate_photo", detail: "Looks like another advert's photo.", sameAs }] })
      .where(eq(adverts.id, listed.id));
    const unused = [await store("#606"), await store("#707")];
    const kept = [logo, onlyTheOrder, replacement, listed.imageKey, side, disputePhoto, staged, signalled] as string[];

    // Written today: nothing goes, however unused.
    expect((await sweepUnreferencedImages(t.db, t.services.media)).removed).toBe(0);
    for (const key of unused) expect(await served(key)).toBe(200);

    const swept = await sweepUnreferencedImages(t.db, t.services.media, aWeekOn());
    expect(swept.removed).toBe(2);
    for (const key of unused) expect(await served(key), key).toBe(404);
    for (const key of kept) expect(await served(key), key).toBe(200);
    // The run's working list is gone with it.
    expect(await t.db.select().from(schema.mediaSweepCandidates)).toEqual([]);
  });

  it("a photo the seller replaces goes a week later; the new one stays", async () => {
    const advert = await createAdvert(t, {
      sellerId: seller.user.id,
      brandId,
      name: "Latitude 7440",
      resalePriceCents: 70_000,
    });
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

    await sweepUnreferencedImages(t.db, t.services.media, aWeekOn());
    expect(await served(advert.imageKey)).toBe(404);
    expect(await served(now?.imageKey as string)).toBe(200);
  });

  it("an image stored again after it was listed is not deleted (someone is using it)", async () => {
    const key = await store("#818");
    // Listed a week ago's cut-off; stored again since (the same bytes uploaded anew).
    expect(await t.services.media.removeImage(key, new Date(Date.now() - DAY))).toBe(false);
    expect(await served(key)).toBe(200);
    expect(await t.services.media.removeImage(key, aWeekOn())).toBe(true);
    expect(await served(key)).toBe(404);
    expect(await t.services.media.removeImage(key, aWeekOn())).toBe(false);
  });

  it("never touches the private area (data exports, proof photos)", async () => {
    const privateKey = `private/${"ab".repeat(32)}.zip`;
    await t.services.media.putPrivate(privateKey, Buffer.from("a person's data"));
    await sweepUnreferencedImages(t.db, t.services.media, aWeekOn());
    expect(await t.services.media.openPrivate(privateKey)).not.toBeNull();
    await expect(t.services.media.removeImage(privateKey, aWeekOn())).rejects.toThrow(/not an image's key/);
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

describe("two runs at once", () => {
  it("each works from its own list: what is named stays, what is not goes", async () => {
    const unused = await store("#919");
    const named = await store("#929");
    await t.db.insert(stagedPhotos).values({ ownerId: seller.user.id, photoKey: named, hash: 2n });
    const [a, b] = await Promise.all([
      sweepUnreferencedImages(t.db, t.services.media, aWeekOn()),
      sweepUnreferencedImages(t.db, t.services.media, aWeekOn()),
    ]);
    expect((a?.removed ?? 0) + (b?.removed ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await served(unused)).toBe(404);
    expect(await served(named)).toBe(200);
    expect(await t.db.select().from(schema.mediaSweepCandidates)).toEqual([]);
  });
});
