import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FAN_OUT_SAVER_ALERT, INLINE_SAVERS } from "../../core/favourites/index.ts";
import { renderRow } from "../../core/notifications/index.ts";
import { adverts, emailOutbox, favouriteAlerts, favourites, notifications } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { bookToMeet, type Client, client } from "../support/http.ts";
import { multipart } from "../support/multipart.ts";
import { signedInAccount, signedInClient } from "../support/people.ts";
import { testAppForTests } from "../support/test-app.ts";

const t = testAppForTests({}, { retryJobsAtOnce: true, log: () => {} });
let brandId: string;
let seller: Awaited<ReturnType<typeof createUser>>;
let sellerHttp: Client;
let n = 0;

const newBuyer = () => signedInAccount(t, { name: `Fan ${++n}`, email: `fan${n}@x.test` });
const laptop = (priceCents = 50_000, name = `Laptop ${++n}`) =>
  createAdvert(t, { sellerId: seller.id, brandId, name, resalePriceCents: priceCents });

/** The seller edits the advert through the API, changing only its price (in dollars, as the form sends it). */
async function setPrice(advert: { id: string; name: string }, dollars: string) {
  const body = multipart({
    name: advert.name,
    brandId,
    originalPrice: "2000",
    resalePrice: dollars,
    yearsOfUse: "1",
    location: "Dhaka",
    mobile: "01712345678",
    description: "Works.",
    condition: "good",
  });
  const res = await sellerHttp.raw("PUT", `/api/adverts/${advert.id}`, body.payload, body.headers);
  expect(res.statusCode, res.body).toBe(204);
}
type SaverNotice = "favourite.priceDrop" | "favourite.sold" | "favourite.backOnSale";
const noticesOf = (kind: SaverNotice) => (userId: string, advertId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind), eq(notifications.subjectId, advertId)));
const emailsOf = (kind: SaverNotice) => (userId: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, kind)));
/** Each of `who` has one notice of this kind about the laptop, linking to it, and it says this. */
async function expectOneNoticeEach(
  notices: ReturnType<typeof noticesOf>,
  who: { user: { id: string } }[],
  advertId: string,
  says: { title: string; body: string },
) {
  for (const { user } of who) {
    const [notice, ...more] = await notices(user.id, advertId);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ ...says, link: `/laptops/${advertId}` });
  }
}
const dropNotices = noticesOf("favourite.priceDrop");
const dropEmails = emailsOf("favourite.priceDrop");

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
async function book(who: Client, advertId: string): Promise<string> {
  const res = await who.post("/api/orders", { advertId, meetingLocation: "Gulshan 2 circle", phone: "01712345678" });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
async function pay(who: Client, orderId: string) {
  const res = await who.post(`/api/orders/${orderId}/pay`, { ...CARD, attemptKey: `pay-${orderId}` });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  await t.services.jobs.start();
  brandId = (await createBrand(t, "Dell")).id;
  seller = await createUser(t, { name: "Sam Seller", email: "seller@x.test", role: "seller" });
  await createUser(t, { name: "Ada", email: "admin@x.test", role: "admin" });
  sellerHttp = await signedInClient(t, "seller@x.test");
});

describe("saving and listing", () => {
  it("saves, lists newest saved first with status and price change, and removes", async () => {
    const { http } = await newBuyer();
    const a = await laptop(60_000, "First saved");
    const b = await laptop(40_000, "Second saved");
    expect((await http.raw("PUT", `/api/favourites/${a.id}`)).json()).toEqual({ advertId: a.id, saved: true });
    expect((await http.raw("PUT", `/api/favourites/${b.id}`)).statusCode).toBe(200);
    // Saving again changes nothing (the first save's price stays).
    expect((await http.raw("PUT", `/api/favourites/${a.id}`)).statusCode).toBe(200);
    await t.db.update(adverts).set({ resalePriceCents: 56_000 }).where(eq(adverts.id, a.id));

    const page = (await http.get("/api/favourites")).json();
    expect(page.items.map((f: { name: string }) => f.name)).toEqual(["Second saved", "First saved"]);
    expect(page.items[1]).toMatchObject({
      status: "available",
      savedPriceCents: 60_000,
      priceCents: 56_000,
      priceChangeCents: -4_000,
    });
    // The laptop's card, the same as the catalogue's lists show (spec line, seller), in the same reply.
    expect(page.items[1].card).toMatchObject({ id: a.id, name: "First saved", resalePriceCents: 56_000 });
    expect(page.items[1].card.sellerName).toBeTruthy();

    expect((await http.raw("DELETE", `/api/favourites/${b.id}`)).json()).toEqual({ advertId: b.id, saved: false });
    expect((await http.raw("DELETE", `/api/favourites/${b.id}`)).statusCode).toBe(404);
    expect((await http.get("/api/favourites")).json().items).toHaveLength(1);
  });

  it("shows booked, sold and no longer for sale — also for a laptop whose row is gone — without an error", async () => {
    const { http } = await newBuyer();
    const booked = await laptop(30_000, "Booked one");
    const sold = await laptop(30_000, "Sold one");
    const withdrawn = await laptop(30_000, "Withdrawn one");
    const vanished = await laptop(30_000, "Vanished one");
    for (const a of [booked, sold, withdrawn, vanished]) await http.raw("PUT", `/api/favourites/${a.id}`);
    const other = await newBuyer();
    const order = await bookToMeet(other.http, booked.id, "Gulshan");
    expect(order.statusCode, order.body).toBe(201);
    await t.db.update(adverts).set({ status: "sold" }).where(eq(adverts.id, sold.id));
    await t.db.update(adverts).set({ status: "withdrawn" }).where(eq(adverts.id, withdrawn.id));
    await t.db.delete(adverts).where(eq(adverts.id, vanished.id));

    const res = await http.get("/api/favourites");
    expect(res.statusCode, res.body).toBe(200);
    const byName = Object.fromEntries(
      res.json().items.map((f: { name: string; status: string; priceCents: number | null }) => [f.name, f]),
    );
    expect(byName["Booked one"].status).toBe("booked");
    expect(byName["Sold one"].status).toBe("sold");
    expect(byName["Withdrawn one"]).toMatchObject({
      status: "gone",
      priceCents: null,
      priceChangeCents: null,
      card: null,
    });
    expect(byName["Vanished one"]).toMatchObject({ status: "gone", imageUrl: null, card: null });
    expect(byName["Sold one"].card).toMatchObject({ sold: true });
  });

  it("pages by keyset without repeating or skipping", async () => {
    const { http } = await newBuyer();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await laptop(10_000 + i);
      ids.push(a.id);
      await http.raw("PUT", `/api/favourites/${a.id}`);
    }
    const first = (await http.get("/api/favourites?limit=2")).json();
    const second = (await http.get(`/api/favourites?limit=2&cursor=${first.next}`)).json();
    const third = (await http.get(`/api/favourites?limit=2&cursor=${second.next}`)).json();
    const seen = [...first.items, ...second.items, ...third.items].map((f: { advertId: string }) => f.advertId);
    expect(seen).toEqual([...ids].reverse());
    expect(third.next).toBeNull();
    expect((await http.get("/api/favourites?cursor=nonsense")).statusCode).toBe(400);
  });

  it("refuses a laptop that does not exist or left the catalogue, and ids that are not ids", async () => {
    const { http } = await newBuyer();
    const gone = await laptop();
    await t.db.update(adverts).set({ status: "withdrawn" }).where(eq(adverts.id, gone.id));
    expect((await http.raw("PUT", `/api/favourites/${gone.id}`)).statusCode).toBe(404);
    expect((await http.raw("PUT", `/api/favourites/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const bad = await http.raw("PUT", "/api/favourites/not-an-id");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty("advertId");
  });

  it("keeps each person's favourites their own", async () => {
    const owner = await newBuyer();
    const stranger = await newBuyer();
    const a = await laptop();
    await owner.http.raw("PUT", `/api/favourites/${a.id}`);
    expect((await stranger.http.get("/api/favourites")).json().items).toEqual([]);
    // Removing someone else's favourite finds nothing of the stranger's to remove, and leaves the owner's.
    expect((await stranger.http.raw("DELETE", `/api/favourites/${a.id}`)).statusCode).toBe(404);
    expect((await owner.http.get("/api/favourites")).json().items).toHaveLength(1);
    // Admins keep no favourites; visitors must log in.
    const admin = await signedInClient(t, "admin@x.test");
    expect((await admin.raw("PUT", `/api/favourites/${a.id}`)).statusCode).toBe(403);
    expect((await client(t).get("/api/favourites")).statusCode).toBe(401);
  });

  it("tells the seller how many people saved each advert", async () => {
    const a = await laptop(20_000, "Popular");
    for (let i = 0; i < 3; i++) await (await newBuyer()).http.raw("PUT", `/api/favourites/${a.id}`);
    const mine = (await sellerHttp.get("/api/sellers/seller@x.test/adverts")).json().adverts;
    expect(mine.find((x: { id: string }) => x.id === a.id).savedBy).toBe(3);
    expect(mine.find((x: { name: string }) => x.name === "Booked one").savedBy).toBe(1);
  });
});

describe("price drops", () => {
  it("tells each saver once per drop, in the app and by email, in the seller's transaction", async () => {
    const a = await laptop(50_000, "Drop me");
    const fans = [await newBuyer(), await newBuyer()];
    for (const f of fans) await f.http.raw("PUT", `/api/favourites/${a.id}`);
    // Its seller cannot save it: it would count among its savers in My Products.
    const own = await sellerHttp.raw("PUT", `/api/favourites/${a.id}`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("This is your own laptop: you cannot save it to your favourites.");
    // One of them does not want these emails.
    await fans[1]?.http.raw("PUT", "/api/me/email-preferences", { kind: "favourite.priceDrop", email: false });

    await setPrice(a, "460");
    await expectOneNoticeEach(dropNotices, fans, a.id, {
      title: "Price drop: Drop me",
      body: "Now $460, down $40 from $500.",
    });
    expect(await dropEmails(fans[0]?.user.id as string)).toHaveLength(1);
    expect(await dropEmails(fans[1]?.user.id as string)).toHaveLength(0);
    expect(await dropNotices(seller.id, a.id)).toEqual([]);
    // The list shows it too.
    const [fav] = (await fans[0]?.http.get("/api/favourites"))?.json().items ?? [];
    expect(fav).toMatchObject({ priceCents: 46_000, priceChangeCents: -4_000 });

    // The same price again, or a raise: nobody is told. A second drop is a second notice.
    await setPrice(a, "460");
    await setPrice(a, "480");
    expect(await dropNotices(fans[0]?.user.id as string, a.id)).toHaveLength(1);
    await setPrice(a, "450");
    const notices = await dropNotices(fans[0]?.user.id as string, a.id);
    expect(notices.map((x) => x.body).sort()).toEqual([
      "Now $450, down $30 from $480.",
      "Now $460, down $40 from $500.",
    ]);
    expect(await dropEmails(fans[0]?.user.id as string)).toHaveLength(2);
  });

  it("tells nobody about a laptop that is not for sale", async () => {
    const a = await laptop(50_000, "Sold already");
    const fan = await newBuyer();
    await fan.http.raw("PUT", `/api/favourites/${a.id}`);
    await t.db.update(adverts).set({ status: "sold" }).where(eq(adverts.id, a.id));
    const body = multipart({
      name: a.name,
      brandId,
      originalPrice: "2000",
      resalePrice: "300",
      yearsOfUse: "1",
      location: "Dhaka",
      mobile: "01712345678",
      description: "Works.",
      condition: "good",
    });
    expect((await sellerHttp.raw("PUT", `/api/adverts/${a.id}`, body.payload, body.headers)).statusCode).toBe(409);
    expect(await dropNotices(fan.user.id, a.id)).toEqual([]);
    expect(await dropEmails(fan.user.id)).toEqual([]);
  });

  it("fans out many savers through the job queue, once each, even when the job runs twice", async () => {
    const a = await laptop(90_000, "Crowd favourite");
    const count = INLINE_SAVERS * 3 + 2;
    const fans: string[] = [];
    for (let i = 0; i < count; i++)
      fans.push((await createUser(t, { name: `Crowd ${i}`, email: `crowd${i}@x.test` })).id);
    // Saved set-based, as the bulk seed does.
    await t.db
      .insert(favourites)
      .values(fans.map((userId) => ({ userId, advertId: a.id, savedPriceCents: 90_000, advertName: a.name })));
    // Someone who saves it after the drop already sees the new price: not told.
    await setPrice(a, "800");
    const late = await newBuyer();
    await late.http.raw("PUT", `/api/favourites/${a.id}`);

    // The seller's request wrote no notices: the job does.
    const noticeCount = async () =>
      Number(
        (
          await t.db
            .select({ n: sql<number>`count(*)::int` })
            .from(notifications)
            .where(and(eq(notifications.kind, "favourite.priceDrop"), eq(notifications.subjectId, a.id)))
        )[0]?.n,
      );
    expect(await noticeCount()).toBe(0);
    expect(await t.services.jobs.queue.runDue([FAN_OUT_SAVER_ALERT])).toBe(1);
    expect(await noticeCount()).toBe(count);
    // A retry of a finished drop tells nobody again.
    const [drop] = await t.db.select().from(favouriteAlerts).where(eq(favouriteAlerts.advertId, a.id));
    expect(drop?.doneAt).not.toBeNull();
    await t.services.favourites.saverAlerts.fanOut({ alertId: drop?.id as string });
    expect(await noticeCount()).toBe(count);
    expect(await dropNotices(late.user.id, a.id)).toEqual([]);
  });
});

describe("a saved laptop sold to someone else, and back on sale", () => {
  const soldNotices = noticesOf("favourite.sold");
  const soldEmails = emailsOf("favourite.sold");
  const backNotices = noticesOf("favourite.backOnSale");

  it("tells its savers when it is sold — not its buyer, nor anyone whose booking it ended — and when its refunded sale puts it back on sale", async () => {
    const a = await laptop(52_000, "Wanted twice");
    // Five savers with its seller (saved before sellers were refused their own): all told in the buyer's own
    // transaction (more go through the job queue).
    const [fan, quiet, booker, buyer] = [await newBuyer(), await newBuyer(), await newBuyer(), await newBuyer()];
    for (const who of [fan, quiet, booker, buyer]) await who.http.raw("PUT", `/api/favourites/${a.id}`);
    await t.db
      .insert(favourites)
      .values({ userId: seller.id, advertId: a.id, savedPriceCents: 52_000, advertName: a.name });
    await quiet.http.raw("PUT", "/api/me/email-preferences", { kind: "favourite.sold", email: false });
    // This one cancelled their own booking before the sale: nothing else tells them it sold.
    const cancelled = await quiet.http.post(`/api/orders/${await book(quiet.http, a.id)}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    await book(booker.http, a.id);
    const orderId = await book(buyer.http, a.id);
    // The seller lowers the price after the booking: the sale is told at what its buyer pays, $520.
    await setPrice(a, "500");

    await pay(buyer.http, orderId);
    await expectOneNoticeEach(soldNotices, [fan, quiet], a.id, {
      title: "Sold: Wanted twice",
      body: "A laptop you saved was sold to someone else for $520.",
    });
    const [email, ...moreEmails] = await soldEmails(fan.user.id);
    expect(moreEmails).toEqual([]);
    // Its button leads to the laptop's page, where "Laptops like this one for sale" is.
    const rendered = renderRow(email as never, { publicUrl: "https://relaptop.test", secret: "x".repeat(32) });
    expect(rendered.html).toContain(`href="https://relaptop.test/laptops/${a.id}"`);
    expect(rendered.text).toContain(`See laptops like it: https://relaptop.test/laptops/${a.id}`);
    expect(await soldEmails(quiet.user.id)).toHaveLength(0);
    // Its buyer bought it; the booker's own booking tells them it was sold; its seller sold it.
    for (const id of [buyer.user.id, booker.user.id, seller.id]) expect(await soldNotices(id, a.id)).toEqual([]);
    const [fav] = (await fan.http.get("/api/favourites")).json().items;
    expect(fav).toMatchObject({ advertId: a.id, status: "sold" });

    // The buyer cancels before receiving it: the money goes back and the laptop is for sale again.
    expect((await buyer.http.post(`/api/orders/${orderId}/cancel`)).statusCode).toBe(200);
    await expectOneNoticeEach(backNotices, [fan, quiet, booker], a.id, {
      title: "Back on sale: Wanted twice",
      body: "A laptop you saved is for sale again, for $500.",
    });
    for (const id of [buyer.user.id, seller.id]) expect(await backNotices(id, a.id)).toEqual([]);
    expect(await emailsOf("favourite.backOnSale")(fan.user.id)).toHaveLength(1);
  });

  it("fans sales out to many savers by the job queue, which tells only what is still news when it runs", async () => {
    const a = await laptop(61_000, "Crowd sale");
    const savers: string[] = [];
    for (let i = 0; i < INLINE_SAVERS + 2; i++)
      savers.push((await createUser(t, { name: `Watcher ${i}`, email: `watcher${n}-${i}@x.test` })).id);
    await t.db
      .insert(favourites)
      .values(savers.map((userId) => ({ userId, advertId: a.id, savedPriceCents: 61_000, advertName: a.name })));
    // Sold, refunded and sold again before the job runs: the buyers' requests told nobody.
    const [first, second] = [await newBuyer(), await newBuyer()];
    const firstOrder = await book(first.http, a.id);
    await pay(first.http, firstOrder);
    expect((await first.http.post(`/api/orders/${firstOrder}/cancel`)).statusCode).toBe(200);
    await pay(second.http, await book(second.http, a.id));
    expect(await soldNotices(savers[0] as string, a.id)).toEqual([]);

    // The first sale and the relisting are stale news by then: each saver hears once that it was sold.
    expect(await t.services.jobs.queue.runDue([FAN_OUT_SAVER_ALERT])).toBe(3);
    for (const id of savers) {
      expect(await soldNotices(id, a.id)).toHaveLength(1);
      expect(await backNotices(id, a.id)).toEqual([]);
    }
    expect(await soldNotices(second.user.id, a.id)).toEqual([]);
    const alerts = await t.db.select().from(favouriteAlerts).where(eq(favouriteAlerts.advertId, a.id));
    expect(alerts.map((x) => [x.kind, x.doneAt !== null]).sort()).toEqual([
      ["back_on_sale", true],
      ["sold", true],
      ["sold", true],
    ]);
  });

  it("tells nobody when only its buyer saved it", async () => {
    const a = await laptop(40_000, "Kept");
    const buyer = await newBuyer();
    await buyer.http.raw("PUT", `/api/favourites/${a.id}`);
    const orderId = await book(buyer.http, a.id);
    await pay(buyer.http, orderId);
    expect(await t.db.select().from(favouriteAlerts).where(eq(favouriteAlerts.advertId, a.id))).toEqual([
      expect.objectContaining({ kind: "sold", doneAt: expect.any(Date) }),
    ]);
    expect(await soldNotices(buyer.user.id, a.id)).toEqual([]);
  });
});
