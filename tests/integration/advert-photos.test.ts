import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adverts, stagedPhotos } from "../../db/schema/index.ts";
import { PHOTO_MESSAGES } from "../../schemas/advert-photos.ts";
import { createBrand } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { signedInAccounts } from "../support/people.ts";
import { testAppForTests } from "../support/test-app.ts";

/** The photo picker's way: photos staged one by one, the form naming them in order (photoOrder=given). */
const t = testAppForTests();
let brandId: string;
let as: Record<"anonymous" | "buyer" | "owner" | "other", Client>;

const fields = (photo: string[], over: Record<string, string | string[]> = {}) => ({
  name: "ThinkPad X1",
  brandId,
  originalPrice: "1400",
  resalePrice: "800",
  yearsOfUse: "2",
  location: "Sylhet",
  mobile: "01712345678",
  description: "Works perfectly.",
  condition: "good",
  photo,
  photoOrder: "given",
  ...over,
});

const stage = async (who: Client, data: Buffer, name = "p.png") => {
  const body = multipart({}, { photo: { name, data } });
  return who.raw("POST", "/api/advert-photos", body.payload, body.headers);
};
const staged = async (who: Client, color: string) =>
  (await stage(who, await pngBytes(color))).json() as { id: string; url: string };
const send = (who: Client, method: "POST" | "PUT", url: string, f: Record<string, string | string[]>) => {
  const body = multipart(f);
  return who.raw(method, url, body.payload, body.headers);
};
const photosOf = async (id: string) => {
  const [row] = await t.db
    .select({ keys: adverts.photoKeys, cover: adverts.imageKey })
    .from(adverts)
    .where(eq(adverts.id, id));
  return row as { keys: string[]; cover: string };
};
const keyOf = (url: string) => url.replace(/^.*\/media\//, "");

beforeAll(async () => {
  brandId = (await createBrand(t, "Lenovo")).id;
  const { clients } = await signedInAccounts(t, {
    owner: { name: "Owen", email: "owner@p.test", role: "seller" },
    other: { name: "Otto", email: "other@p.test", role: "seller" },
    buyer: { name: "Bea", email: "buyer@p.test" },
  });
  as = { anonymous: client(t), ...clients };
});

describe("staging a photo", () => {
  it("is for sellers: 401 anonymous, 403 a buyer", async () => {
    expect((await stage(as.anonymous, await pngBytes())).statusCode).toBe(401);
    expect((await stage(as.buyer, await pngBytes())).statusCode).toBe(403);
  });

  it("answers an id and the thumbnail's address, and refuses what is not a picture or too large in its words", async () => {
    const ok = await stage(as.owner, await pngBytes("#123"));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ id: expect.any(String), url: expect.stringMatching(/^\/media\/.+\.webp$/) });
    const text = await stage(as.owner, Buffer.from("not a picture at all"), "notes.txt");
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(PHOTO_MESSAGES.notImage);
    const huge = await stage(as.owner, Buffer.alloc(8 * 1024 * 1024 + 10, 1), "huge.jpg");
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(PHOTO_MESSAGES.tooLarge);
  });
});

describe("posting and editing with staged photos", () => {
  it("keeps the seller's order, the first as the cover, and uses each staged photo once", async () => {
    const [a, b, c] = [await staged(as.owner, "#a00"), await staged(as.owner, "#0a0"), await staged(as.owner, "#00a")];
    const res = await send(as.owner, "POST", "/api/adverts", fields([c.id, a.id, b.id]));
    expect(res.statusCode).toBe(201);
    const photos = await photosOf(res.json().id);
    expect(photos.keys).toEqual([keyOf(c.url), keyOf(a.url), keyOf(b.url)]);
    expect(photos.cover).toBe(keyOf(c.url));
    // Used up: the same ids cannot make a second advert.
    const again = await send(as.owner, "POST", "/api/adverts", fields([a.id]));
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ photos: PHOTO_MESSAGES.gone });
  });

  it("refuses another seller's staged photo, and a key that is not the advert's, saving nothing", async () => {
    const mine = await staged(as.owner, "#abc");
    const theirs = await send(as.other, "POST", "/api/adverts", fields([mine.id]));
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().fields).toEqual({ photos: PHOTO_MESSAGES.gone });
    const byKey = await send(as.other, "POST", "/api/adverts", fields([keyOf(mine.url)]));
    expect(byKey.json().fields).toEqual({ photos: PHOTO_MESSAGES.notThisAdverts });
    // Still mine to use.
    expect((await send(as.owner, "POST", "/api/adverts", fields([mine.id]))).statusCode).toBe(201);
  });

  it("refuses no photo and more than six", async () => {
    expect((await send(as.owner, "POST", "/api/adverts", fields([]))).json().fields).toEqual({
      photos: PHOTO_MESSAGES.required,
    });
    const seven = [];
    for (let i = 0; i < 7; i++) seven.push((await staged(as.owner, `#${i}${i}${i}`)).id);
    expect((await send(as.owner, "POST", "/api/adverts", fields(seven))).json().fields).toEqual({
      photos: PHOTO_MESSAGES.tooMany,
    });
  });

  it("edits by removing one photo, adding one and reordering; another seller can neither edit nor attach", async () => {
    const [a, b, c] = [await staged(as.owner, "#a11"), await staged(as.owner, "#1a1"), await staged(as.owner, "#11a")];
    const id = (await send(as.owner, "POST", "/api/adverts", fields([a.id, b.id, c.id]))).json().id;
    const d = await staged(as.owner, "#777");
    const order = [keyOf(c.url), d.id, keyOf(a.url)]; // b removed, d added, c first
    expect((await send(as.other, "PUT", `/api/adverts/${id}`, fields(order))).statusCode).toBe(404);
    expect((await send(as.owner, "PUT", `/api/adverts/${id}`, fields(order))).statusCode).toBe(204);
    expect((await photosOf(id)).keys).toEqual([keyOf(c.url), keyOf(d.url), keyOf(a.url)]);
    // Otto's staged photo cannot be attached to Owen's advert, even by Owen.
    const ottos = await staged(as.other, "#f0f");
    const attach = await send(as.owner, "PUT", `/api/adverts/${id}`, fields([keyOf(c.url), ottos.id]));
    expect(attach.json().fields).toEqual({ photos: PHOTO_MESSAGES.gone });
    expect((await photosOf(id)).keys).toEqual([keyOf(c.url), keyOf(d.url), keyOf(a.url)]);
  });

  it("without photoOrder (a form without JavaScript) keeps the photos less those ticked to remove", async () => {
    const [a, b] = [await staged(as.owner, "#a22"), await staged(as.owner, "#2a2")];
    const id = (await send(as.owner, "POST", "/api/adverts", fields([a.id, b.id]))).json().id;
    const { photoOrder: _, photo: __, ...plain } = fields([]);
    const body = multipart(
      { ...plain, removePhoto: keyOf(a.url) },
      { photos: { name: "new.png", data: await pngBytes("#222") } },
    );
    expect((await as.owner.raw("PUT", `/api/adverts/${id}`, body.payload, body.headers)).statusCode).toBe(204);
    const keys = (await photosOf(id)).keys;
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keyOf(b.url));
  });
});

describe("staged photos expire", () => {
  it("are refused after 24 hours and swept by the scheduled job", async () => {
    const old = await staged(as.owner, "#345");
    await t.db.execute(sql`update staged_photos set created_at = now() - interval '25 hours' where id = ${old.id}`);
    expect((await send(as.owner, "POST", "/api/adverts", fields([old.id]))).json().fields).toEqual({
      photos: PHOTO_MESSAGES.gone,
    });
    const { expireStagedPhotos } = await import("../../core/catalogue/index.ts");
    await expireStagedPhotos(t.db);
    expect(await t.db.select().from(stagedPhotos).where(eq(stagedPhotos.id, old.id))).toEqual([]);
  });
});
