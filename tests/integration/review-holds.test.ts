import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { adminActions, advertPublications, adverts, notifications } from "../../db/schema/index.ts";
import { seedDemoIfEmpty } from "../../seed/demo.ts";
import { distinctPhoto } from "../../seed/demo-images.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { multipart, postAdvertForm } from "../support/multipart.ts";
import { signedInClient, signedInClients } from "../support/people.ts";
import { startTestApp, testAppForTests } from "../support/test-app.ts";

const t = testAppForTests();
/** What the advert's seller was told of it, by kind. */
async function sellerTold(advertId: string, kind: string) {
  const [advert] = await t.db.select({ sellerId: adverts.sellerId }).from(adverts).where(eq(adverts.id, advertId));
  const told = await t.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, advert?.sellerId as string));
  return told.filter((n) => n.kind === kind);
}
let brandId: string;
let sam: Awaited<ReturnType<typeof createUser>>;
let as: Record<"anonymous" | "sam" | "rafi" | "mallory" | "admin", Client>;

const fields = (over: Record<string, string> = {}) => ({
  name: "ThinkPad T480",
  brandId,
  originalPrice: "900",
  resalePrice: "450",
  yearsOfUse: "3",
  location: "Dhaka",
  mobile: "01811111111",
  description: "Works well, with its charger.",
  condition: "good",
  ramGb: "8",
  storageGb: "256",
  ...over,
});

/** Posts an advert with a picture of its own (drawn from `picture`), and returns its id. */
async function post(who: Client, over: Record<string, string>, picture: Buffer) {
  const res = await postAdvertForm(who, fields(over), picture);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const isPublic = async (id: string) => (await as.anonymous.get(`/api/adverts/${id}`)).statusCode === 200;
const listed = async (q: string) =>
  (await as.anonymous.get(`/api/adverts?q=${encodeURIComponent(q)}`)).json().items.map((a: { id: string }) => a.id);
const queue = async () =>
  (await as.admin.get("/api/review-queue")).json().adverts as Array<{
    id: string;
    name: string;
    held: boolean;
    signals: { kind: string; detail: string }[];
  }>;
const mine = async (who: Client, email: string, id: string) =>
  (await who.get(`/api/sellers/${email}/adverts`)).json().adverts.find((a: { id: string }) => a.id === id);

beforeAll(async () => {
  brandId = (await createBrand(t, "Lenovo")).id;
  await createUser(t, { name: "Ada", email: "admin@x.test", role: "admin" });
  sam = await createUser(t, { name: "Sam", email: "sam@x.test", role: "seller" });
  await createUser(t, { name: "Rafi", email: "rafi@x.test", role: "seller" });
  await createUser(t, { name: "Mallory", email: "mallory@x.test", role: "seller" });
  as = await signedInClients(t, {
    sam: "sam@x.test",
    rafi: "rafi@x.test",
    mallory: "mallory@x.test",
    admin: "admin@x.test",
  });
});

describe("listings held for review", () => {
  it("holds an advert whose photo is another seller's (re-encoded, resized), hidden everywhere public", async () => {
    const picture = await distinctPhoto("Sam's T480", 1);
    const original = await post(as.sam, { name: "Sam's own T480", mobile: "01711111111" }, picture);
    // The same picture, as a smaller JPEG: the perceptual hash still finds it.
    const copy = await sharp(picture).resize(480).jpeg({ quality: 70 }).toBuffer();
    const stolen = await post(as.mallory, { name: "Stolen photo T480", mobile: "01922222222" }, copy);

    expect(await isPublic(original)).toBe(true);
    expect(await isPublic(stolen)).toBe(false);
    expect(await listed("T480")).toEqual([original]);
    expect((await as.anonymous.get("/sitemaps/laptops-1.xml")).body).not.toContain(stolen);
    // Its seller sees it held, and why; nobody can book it, favourite it or ask about it.
    expect(await mine(as.mallory, "mallory@x.test", stolen)).toMatchObject({
      pendingReview: ["A photo looks the same as a photo in another seller's advert."],
    });
    const [held] = (await queue()).filter((a) => a.id === stolen);
    expect(held).toMatchObject({ held: true, signals: [{ kind: "duplicate_photo" }] });
    expect(held?.signals[0]?.detail).toContain("Sam's own T480");
    // Sam's own second advert with the same photo raises nothing: it is his, and the held copy does not count.
    const again = await post(as.sam, { name: "Sam's second T480", mobile: "01711111111" }, picture);
    expect(await isPublic(again)).toBe(true);
  });

  it("holds an advert whose mobile number is on another seller's adverts, however it is written", async () => {
    await post(as.sam, { name: "Sam's Dell", mobile: "01733333333" }, await distinctPhoto("Dell", 2));
    const id = await post(
      as.rafi,
      { name: "Rafi's Dell", mobile: "+880 1733-333333" },
      await distinctPhoto("Other Dell", 3),
    );
    expect(await isPublic(id)).toBe(false);
    expect((await queue()).find((a) => a.id === id)?.signals).toEqual([
      { kind: "shared_mobile", detail: expect.stringContaining("Sam") },
    ]);
    // Its seller and the admins open its page, which says it waits for review; nobody else does.
    for (const who of [as.rafi, as.admin]) {
      const page = await who.get(`/api/adverts/${id}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().review).toEqual({ status: "pending_review", reason: null });
    }
    expect((await as.sam.get(`/api/adverts/${id}`)).statusCode).toBe(404);
  });

  it("holds an edit that prices the laptop below 40 % of five comparables, and keeps it held when edited again", async () => {
    for (let i = 0; i < 5; i++) {
      await createAdvert(t, {
        sellerId: sam.id,
        brandId,
        name: `Comparable ${i}`,
        resalePriceCents: 50_000 + i * 1_000,
        processor: "Intel Core i5-8250U",
        yearsOfUse: 3,
        ramGb: 16,
        storageGb: 512,
      });
    }
    const cheap = {
      name: "Cheap ThinkPad",
      processor: "i5-8250U",
      ramGb: "16",
      storageGb: "512",
      mobile: "01844444444",
    };
    const id = await post(as.rafi, cheap, await distinctPhoto("Cheap", 4));
    expect(await isPublic(id)).toBe(true);
    const edit = multipart(fields({ ...cheap, resalePrice: "150" }));
    expect((await as.rafi.raw("PUT", `/api/adverts/${id}`, edit.payload, edit.headers)).statusCode).toBe(204);
    expect(await isPublic(id)).toBe(false);
    expect((await queue()).find((a) => a.id === id)?.signals).toEqual([
      { kind: "low_price", detail: expect.stringContaining("$150") },
    ]);
    // Raising the price again does not release it: an admin does.
    const back = multipart(fields({ ...cheap, resalePrice: "480" }));
    expect((await as.rafi.raw("PUT", `/api/adverts/${id}`, back.payload, back.headers)).statusCode).toBe(204);
    expect(await isPublic(id)).toBe(false);
  });

  it("only flags one weak signal, but holds two together", async () => {
    const flagged = await post(
      as.sam,
      { name: "Flagged Yoga", description: "Pay by Western Union and I ship it.", mobile: "01711111111" },
      await distinctPhoto("Yoga", 5),
    );
    expect(await isPublic(flagged)).toBe(true);
    expect((await queue()).find((a) => a.id === flagged)).toMatchObject({
      held: false,
      signals: [{ kind: "off_site_contact", detail: "Mentions Western Union or MoneyGram." }],
    });

    // A fresh account posting its eleventh advert within the hour, asking for gift cards.
    const burst = await createUser(t, { name: "Burst", email: "burst@x.test", role: "seller" });
    for (let i = 0; i < 10; i++) {
      await createAdvert(t, { sellerId: burst.id, brandId, name: `Burst ${i}`, resalePriceCents: 30_000 });
    }
    const who = await signedInClient(t, "burst@x.test");
    const id = await post(
      who,
      { name: "Burst laptop", description: "Only gift cards accepted.", mobile: "01866666666" },
      await distinctPhoto("Burst", 6),
    );
    expect(await isPublic(id)).toBe(false);
    const signals = (await queue()).find((a) => a.id === id)?.signals.map((s) => s.kind);
    expect(signals?.sort()).toEqual(["off_site_contact", "posting_burst"]);
  });

  it("publishes a held advert an admin approves (saved searches hear of it then), audit-logged", async () => {
    const [held] = (await queue()).filter((a) => a.held);
    const id = held?.id as string;
    const waiting = await t.db.select().from(advertPublications).where(eq(advertPublications.advertId, id));
    expect(waiting).toEqual([]);
    expect((await as.sam.post(`/api/adverts/${id}/approval`)).statusCode).toBe(403);
    expect((await as.admin.post(`/api/adverts/${id}/approval`)).statusCode).toBe(204);
    expect(await isPublic(id)).toBe(true);
    expect((await queue()).map((a) => a.id)).not.toContain(id);
    const published = await t.db.select().from(advertPublications).where(eq(advertPublications.advertId, id));
    expect(published).toHaveLength(1);
    const logged = await t.db.select().from(adminActions).where(eq(adminActions.targetId, id));
    expect(logged).toEqual([expect.objectContaining({ action: "approve-advert" })]);
    expect(await sellerTold(id, "advert.approved")).toEqual([
      expect.objectContaining({ title: `Advert published: ${held?.name}`, link: `/laptops/${id}` }),
    ]);
    // Approved once, not twice.
    expect((await as.admin.post(`/api/adverts/${id}/approval`)).statusCode).toBe(404);
  });

  it("tells savers of a lower price and saved searches of a held laptop only once an admin approves it", async () => {
    for (let i = 0; i < 5; i++) {
      await createAdvert(t, {
        sellerId: sam.id,
        brandId,
        name: `Carbon comparable ${i}`,
        resalePriceCents: 48_000 + i * 1_000,
        processor: "Intel Core i7-8650U",
        yearsOfUse: 3,
        ramGb: 8,
        storageGb: 256,
      });
    }
    const carbon = { processor: "i7-8650U", ramGb: "8", storageGb: "256", mobile: "01877777777" };
    const bea = await createUser(t, { name: "Bea", email: "bea.holds@x.test" });
    const asBea = await signedInClient(t, "bea.holds@x.test");
    const told = async (kind: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, bea.id))).filter((n) => n.kind === kind);

    // A public laptop Bea saved, held by an edit that lowers its price; edited again while held.
    const saved = await post(
      as.rafi,
      { ...carbon, name: "Saved Carbon", resalePrice: "480" },
      await distinctPhoto("Saved", 7),
    );
    expect((await asBea.raw("PUT", `/api/favourites/${saved}`)).statusCode).toBe(200);
    const lower = multipart(fields({ ...carbon, name: "Saved Carbon", resalePrice: "150" }));
    expect((await as.rafi.raw("PUT", `/api/adverts/${saved}`, lower.payload, lower.headers)).statusCode).toBe(204);
    expect(await isPublic(saved)).toBe(false);
    expect(await told("favourite.priceDrop")).toEqual([]); // she cannot see it: not news yet
    const settled = multipart(fields({ ...carbon, name: "Saved Carbon", resalePrice: "460" }));
    expect((await as.rafi.raw("PUT", `/api/adverts/${saved}`, settled.payload, settled.headers)).statusCode).toBe(204);
    expect((await as.admin.post(`/api/adverts/${saved}/approval`)).statusCode).toBe(204);
    // The drop from the price she could last see to the one approved, once.
    const drops = await told("favourite.priceDrop");
    expect(drops).toHaveLength(1);
    expect(drops[0]?.link).toBe(`/laptops/${saved}`);
    expect(drops[0]?.body).toBe("Now $460, down $20 from $480.");

    // A laptop held when posted: her saved search hears of it when it is approved, not before.
    expect((await asBea.post("/api/saved-searches", { q: "bargain carbon" })).statusCode).toBe(201);
    const held = await post(
      as.rafi,
      { ...carbon, name: "Bargain Carbon", resalePrice: "150" },
      await distinctPhoto("Bargain", 8),
    );
    expect(await isPublic(held)).toBe(false);
    await t.services.savedSearches.matchNow();
    expect(await told("savedSearch.match")).toEqual([]);
    expect((await as.admin.post(`/api/adverts/${held}/approval`)).statusCode).toBe(204);
    await t.services.savedSearches.matchNow();
    expect(await told("savedSearch.match")).toEqual([expect.objectContaining({ link: `/laptops/${held}` })]);
    expect(await told("favourite.priceDrop")).toHaveLength(1); // approving a new laptop is no drop
  });

  it("rejects with a reason its seller sees (a reason is required)", async () => {
    const held = (await queue()).find((a) => a.held && a.signals.some((s) => s.kind === "shared_mobile"));
    const id = held?.id as string;
    const none = await as.admin.post(`/api/adverts/${id}/rejection`, { reason: " " });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("reason");
    const res = await as.admin.post(`/api/adverts/${id}/rejection`, { reason: "Same phone as another seller's." });
    expect(res.statusCode).toBe(204);
    expect(await isPublic(id)).toBe(false);
    expect(await mine(as.rafi, "rafi@x.test", id)).toMatchObject({
      pendingReview: null,
      rejectedBecause: "Same phone as another seller's.",
    });
    const logged = await t.db.select().from(adminActions).where(eq(adminActions.targetId, id));
    expect(logged).toEqual([expect.objectContaining({ action: "reject-advert" })]);
    // Told it was rejected after review, with the reason — not that a public advert was removed.
    expect(await sellerTold(id, "advert.rejected")).toEqual([
      expect.objectContaining({ body: "An admin reviewed it and rejected it: Same phone as another seller's." }),
    ]);
    expect(await sellerTold(id, "advert.removed")).toEqual([]);
    const page = await as.rafi.get(`/api/adverts/${id}`);
    expect(page.json().review).toEqual({ status: "rejected", reason: "Same phone as another seller's." });
    expect((await as.mallory.get(`/api/adverts/${id}`)).statusCode).toBe(404);
    // A rejected advert can no longer be changed by its seller.
    const edit = multipart(fields({ mobile: "01899999999" }));
    expect((await as.rafi.raw("PUT", `/api/adverts/${id}`, edit.payload, edit.headers)).statusCode).toBe(409);
  });
});

it("the demo data fills the review queue on first start: two held, one flagged; every dashboard has work", async () => {
  const demo = await startTestApp();
  try {
    await seedDemoIfEmpty(demo);
    const admin = client(demo);
    await admin.signIn("admin@relaptop.test");
    const queued = (await admin.get("/api/review-queue")).json().adverts as Array<{
      name: string;
      held: boolean;
      signals: { kind: string }[];
    }>;
    expect(queued.map((a) => [a.name, a.held, a.signals.map((x) => x.kind)])).toEqual([
      ["ThinkPad T490 like new", true, ["duplicate_photo"]],
      ["HP EliteBook 840 G6", true, ["shared_mobile"]],
      ["Acer Swift 3 SF314", false, ["off_site_contact"]],
    ]);
    // The copied photo is shown beside Sam's, each with its advert; every row says who its seller is.
    const [copied] = (await admin.get("/api/review-queue")).json().adverts;
    expect(copied.signals[0].sameAs).toEqual([
      expect.objectContaining({
        advertName: "Lenovo T490 14-inch",
        photoUrl: expect.stringMatching(/^\/media\//),
        ownPhotoUrl: expect.stringMatching(/^\/media\//),
      }),
    ]);
    expect(copied.sellerRecord).toMatchObject({ adverts: 2, completedSales: 0, reports: 1 });
    // And the demo accounts' dashboards each have something waiting.
    expect((await admin.get("/api/me/to-do")).json().counts).toMatchObject({
      heldAdverts: 3,
      openReports: 1,
      // Sam's second laptop's proof photo (seed/demo-proofs.ts).
      proofPhotos: 1,
      openDisputes: 1,
    });
    const bea = client(demo);
    await bea.signIn("buyer@relaptop.test");
    const beas = (await bea.get("/api/me/to-do")).json().counts;
    expect(beas.ordersToPay).toBeGreaterThan(0);
    expect(beas.ordersToConfirm).toBeGreaterThan(0);
    expect(beas.newMatches).toBeGreaterThan(0);
    const sam = client(demo);
    await sam.signIn("seller@relaptop.test");
    expect((await sam.get("/api/me/to-do")).json().counts).toMatchObject({
      bookingsToAnswer: 1,
      ordersToHandOver: 1,
      openDisputes: 1,
      unreadMessages: 1,
    });
  } finally {
    await demo.close();
  }
}, 120_000);

it("the review queue pages past its 50 oldest, in order, each advert once (ties broken by id)", async () => {
  const own = await startTestApp();
  try {
    const seller = await createUser(own, { name: "Queue Seller", email: "queue.seller@test.dev" });
    const admin = await createUser(own, { name: "Queue Admin", email: "queue.admin@test.dev", role: "admin" });
    const brand = await createBrand(own, "Queue Brand");
    const base = Date.parse("2026-11-01T10:00:00.000Z");
    const ids: string[] = [];
    for (let i = 0; i < 63; i++) {
      const advert = await createAdvert(own, {
        sellerId: seller.id,
        brandId: brand.id,
        name: `Flagged laptop ${i}`,
        resalePriceCents: 30_000,
        imageKey: "queue-test.webp",
      });
      // Three adverts to each moment: the page's edge falls inside a run of equal times.
      await own.runtime.db
        .update(adverts)
        .set({ flaggedAt: new Date(base + Math.floor(i / 3) * 60_000) })
        .where(eq(adverts.id, advert.id));
      ids.push(advert.id);
    }
    const order = [...ids].sort((a, b) => {
      const at = (id: string) => Math.floor(ids.indexOf(id) / 3);
      return at(a) - at(b) || (a < b ? -1 : 1);
    });
    const http = client(own);
    await http.signIn(admin.email);
    const first = (await http.get("/api/review-queue")).json() as { adverts: { id: string }[]; next: string };
    expect(first.adverts).toHaveLength(50);
    const second = (await http.get(`/api/review-queue?cursor=${first.next}`)).json() as {
      adverts: { id: string }[];
      next: string | null;
    };
    expect([...first.adverts, ...second.adverts].map((a) => a.id)).toEqual(order);
    expect(second.next).toBeNull();
  } finally {
    await own.close();
  }
}, 120_000);
