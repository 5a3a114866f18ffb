import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { newPrivateKey } from "../../core/media/index.ts";
import {
  accountEvents,
  accounts,
  advertProofs,
  dataExports,
  emailOutbox,
  notifications,
} from "../../db/schema/index.ts";
import { DATA_EXPORT_MESSAGES, EXPORT_LINK_HOURS } from "../../schemas/data-export.ts";
import { createAdvert, createBrand, createCompletedOrder } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { insertPasskey } from "../support/passkeys.ts";
import { type Person, signedInAccount, signedInPerson } from "../support/people.ts";
import { itAcrossProcesses, testAppForTests } from "../support/test-app.ts";

const t = testAppForTests();
let brandId: string;

beforeAll(async () => {
  await t.services.jobs.start();
  brandId = (await createBrand(t, "Lenovo")).id;
});

const ask = (me: Person) => me.http.post("/api/account/export");
const latest = async (me: Person) => (await me.http.get("/api/account/export")).json().export;
const prepare = () => t.services.privacy.prepareExportsNow();

/** The person's export, asked for and prepared: its download address. */
async function readyExport(me: Person) {
  expect((await ask(me)).statusCode).toBe(201);
  expect(await prepare()).toBe(1);
  return (await latest(me)).downloadUrl as string;
}

const json = (files: Record<string, Uint8Array>, name: string) => {
  const file = files[name];
  if (!file) throw new Error(`${name} is not in the ZIP`);
  return JSON.parse(new TextDecoder().decode(file));
};

describe("download my data", () => {
  it("prepares a ZIP on the job queue, tells the person, and gives them everything of theirs in it", async () => {
    const me = await signedInPerson(t, "seller");
    const sam = await signedInPerson(t, "seller");
    const bea = await signedInAccount(t, { name: "Bea Buyer", email: "bea@x.test" });
    // My laptop (two photos), sold to Bea, who reviews me; Sam's laptop, bought and reviewed by me.
    const mine = await createAdvert(t, {
      sellerId: me.user.id,
      brandId,
      name: "My ThinkPad X1",
      resalePriceCents: 61_999,
      views: ["open"],
    });
    const sold = await createCompletedOrder(t, bea.user, mine.id);
    await t.services.reviews.write(bea.user, sold.id, { rating: 5, body: "Exactly as described." });
    const samsLaptop = await createAdvert(t, {
      sellerId: sam.user.id,
      brandId,
      name: "Sam's XPS",
      resalePriceCents: 40_000,
    });
    const bought = await createCompletedOrder(t, me.user, samsLaptop.id);
    await t.services.reviews.write(me.user, bought.id, { rating: 4, body: "Good laptop, quick handover." });
    const talk = await createAdvert(t, {
      sellerId: sam.user.id,
      brandId,
      name: "Sam's Latitude",
      resalePriceCents: 30_000,
    });
    await me.http.post("/api/conversations", { advertId: talk.id, body: "Is the battery original?" });
    expect((await me.http.raw("PUT", `/api/favourites/${talk.id}`)).statusCode).toBe(200);
    expect((await me.http.post("/api/saved-searches", { q: "latitude", maxPrice: 500 })).statusCode).toBe(201);
    // A proof photo of my laptop, which our team rejected: a private file, theirs and the admins' alone.
    const proofBytes = Buffer.from("RIFF proof photo bytes");
    const proofKey = newPrivateKey("webp");
    await t.services.media.putPrivate(proofKey, proofBytes);
    const [proof] = await t.db
      .insert(advertProofs)
      .values({
        advertId: mine.id,
        sellerId: me.user.id,
        code: "ACDEFG",
        photoKey: proofKey,
        hash: 1n,
        band0: 0,
        band1: 0,
        band2: 0,
        band3: 1,
        status: "rejected",
        reason: "The code is not readable.",
        decidedBy: "an admin's id",
        decidedAt: new Date(),
      })
      .returning();

    // How I sign in, and what happened to my account.
    await insertPasskey(t, me.user.id, "My phone");
    await t.db.insert(accountEvents).values({ userId: me.user.id, action: "add-passkey", summary: "Added a passkey" });

    const asked = await ask(me);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: "preparing", downloadUrl: null });
    // One at a time: a second request while it prepares is told so.
    const again = await ask(me);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DATA_EXPORT_MESSAGES.alreadyPreparing);
    expect(await latest(me)).toMatchObject({ status: "preparing", downloadUrl: null });

    expect(await prepare()).toBe(1);
    const ready = await latest(me);
    expect(ready).toMatchObject({ status: "ready", downloadUrl: `/api/account/export/${ready.id}/download` });
    const hours = (Date.parse(ready.expiresAt) - Date.parse(ready.readyAt)) / 3_600_000;
    expect(hours).toBe(EXPORT_LINK_HOURS);
    // Told in the app and by email.
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.user.id), eq(notifications.kind, "account.dataExportReady")));
    expect(told).toMatchObject({ title: "Your data is ready to download", link: "/profile#data-export" });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, me.user.id), eq(emailOutbox.kind, "account.dataExportReady")));
    expect(mail).toMatchObject({ toAddress: me.email, subject: "Your ReLaptop data is ready to download" });

    const res = await me.http.get(ready.downloadUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="relaptop-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        "README.txt",
        "account.json",
        "adverts.json",
        "orders.json",
        "messages.json",
        "reviews-written.json",
        "reviews-received.json",
        "favourites.json",
        "saved-searches.json",
        "notifications.json",
        `photos/${mine.id}/1.webp`,
        `photos/${mine.id}/2.webp`,
        "proof-photos.json",
        `proof-photos/${proof?.id}.webp`,
      ]),
    );
    expect(new TextDecoder().decode(files["README.txt"])).toContain("integer cents");
    expect(json(files, "account.json")).toMatchObject({
      id: me.user.id,
      email: me.email,
      role: "seller",
      signIn: {
        password: true,
        google: false,
        twoFactor: false,
        passkeys: [{ name: "My phone", addedAt: expect.any(String) }],
      },
      history: [{ action: "add-passkey", summary: "Added a passkey", at: expect.any(String) }],
    });
    // Never a secret: not the password's hash, not a passkey's key.
    const account = new TextDecoder().decode(files["account.json"]);
    const [hash] = await t.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, me.user.id));
    expect(hash?.password).toBeTruthy();
    expect(account).not.toContain(String(hash?.password));
    expect(account).not.toMatch(/publicKey|credential/i);
    expect(json(files, "adverts.json")).toEqual([
      expect.objectContaining({
        id: mine.id,
        name: "My ThinkPad X1",
        priceCents: 61_999,
        currency: "USD",
        photos: [`photos/${mine.id}/1.webp`, `photos/${mine.id}/2.webp`],
      }),
    ]);
    expect(Buffer.from(files[`photos/${mine.id}/2.webp`] as Uint8Array)).toEqual(
      await t.services.media.get(mine.photoKeys[1] as string),
    );
    const orders = json(files, "orders.json");
    expect(orders).toHaveLength(2);
    const purchase = orders.find((o: { id: string }) => o.id === bought.id);
    expect(purchase).toMatchObject({
      as: "buyer",
      productName: "Sam's XPS",
      priceCents: 40_000,
      yourPhone: "01711234567",
    });
    // The sale names its buyer, and nothing more of them: their email and phone are theirs.
    const sale = orders.find((o: { id: string }) => o.id === sold.id);
    expect(sale).toMatchObject({ as: "seller", buyerName: bea.user.name, currency: "USD" });
    expect(JSON.stringify(sale)).not.toContain(bea.email);
    expect(sale).not.toHaveProperty("yourPhone");
    expect(json(files, "messages.json")).toEqual([
      expect.objectContaining({ body: "Is the battery original?", from: "you", with: sam.user.name }),
    ]);
    expect(json(files, "reviews-written.json")).toEqual([
      expect.objectContaining({ orderId: bought.id, rating: 4, body: "Good laptop, quick handover." }),
    ]);
    expect(json(files, "reviews-received.json")).toEqual([
      // Named as the seller's page names its reviewers.
      expect.objectContaining({ orderId: sold.id, rating: 5, authorName: "Bea B." }),
    ]);
    expect(json(files, "favourites.json")).toEqual([expect.objectContaining({ advertId: talk.id })]);
    expect(json(files, "saved-searches.json")).toEqual([
      expect.objectContaining({ q: "latitude", maxPriceCents: 50_000, currency: "USD" }),
    ]);
    expect(json(files, "notifications.json").length).toBeGreaterThan(0);
    const proofs = json(files, "proof-photos.json");
    expect(proofs).toEqual([
      {
        id: proof?.id,
        advertId: mine.id,
        code: "ACDEFG",
        status: "rejected",
        reason: "The code is not readable.",
        sentAt: expect.any(String),
        decidedAt: expect.any(String),
        photo: `proof-photos/${proof?.id}.webp`,
      },
    ]);
    expect(JSON.stringify(proofs)).not.toContain("an admin's id");
    expect(Buffer.from(files[`proof-photos/${proof?.id}.webp`] as Uint8Array)).toEqual(proofBytes);

    // Only for them: anyone else is told it does not exist; nobody signed out gets it.
    const theirs = await bea.http.get(ready.downloadUrl);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(DATA_EXPORT_MESSAGES.notFound);
    expect((await client(t).get(ready.downloadUrl)).statusCode).toBe(401);
    expect((await me.http.get(`/api/account/export/${crypto.randomUUID()}/download`)).statusCode).toBe(404);
    expect((await me.http.get("/api/account/export/not-an-id/download")).statusCode).toBe(400);
    // Once ready, a new one may be asked for.
    expect((await ask(me)).statusCode).toBe(201);
    expect(await prepare()).toBe(1);
  });

  it("stops answering once expired, says so, and the daily sweep deletes the file", async () => {
    const me = await signedInPerson(t);
    const url = await readyExport(me);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, me.user.id));
    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.userId, me.user.id));
    const expired = await me.http.get(url);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(DATA_EXPORT_MESSAGES.expired);
    expect(await latest(me)).toBeNull();

    expect((await t.services.privacy.applyRetention()).exports).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, me.user.id))).toEqual([]);
    expect(await t.services.media.openPrivate(row?.storageKey as string)).toBeNull();
  });

  it("a deleted account's export stops at once and its file is deleted; one still preparing stores nothing", async () => {
    const me = await signedInPerson(t);
    const url = await readyExport(me);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, me.user.id));
    const other = client(t);
    await other.signIn(me.email);
    expect((await me.http.post("/api/me/delete", { password: "Passw0rd!" })).statusCode).toBe(204);
    expect((await other.get(url)).statusCode).toBe(401);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, me.user.id))).toEqual([]);
    expect(await t.services.media.openPrivate(row?.storageKey as string)).toBeNull();

    const late = await signedInPerson(t);
    expect((await ask(late)).statusCode).toBe(201);
    expect((await late.http.post("/api/me/delete", { password: "Passw0rd!" })).statusCode).toBe(204);
    expect(await prepare()).toBe(1);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, late.user.id))).toEqual([]);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.kind, "account.dataExportReady")),
    ).not.toContainEqual(expect.objectContaining({ userId: late.user.id }));
  });

  itAcrossProcesses(
    t,
    "a link another process serves stops there too the moment the account is deleted",
    async ({ base }) => {
      const me = await signedInPerson(t);
      const url = await readyExport(me);
      const there = (cookie: string) => fetch(`${base}${url}`, { headers: { cookie } });
      const elsewhere = client(t);
      await elsewhere.signIn(me.email);
      expect((await there(elsewhere.cookie())).status).toBe(200);
      expect((await me.http.post("/api/me/delete", { password: "Passw0rd!" })).statusCode).toBe(204);
      expect((await there(elsewhere.cookie())).status).toBe(401);
    },
  );
});
