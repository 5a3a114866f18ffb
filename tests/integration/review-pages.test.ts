import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adverts, conversations, messages, orders, reviews, users } from "../../db/schema/index.ts";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "../../seed/demo.ts";
import { createAdvert, createBrand, createCompletedOrder, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { pageAppForTests } from "../support/page-build.ts";
import { signedInClient } from "../support/people.ts";

/** The review pages as a browser without JavaScript uses them, on the demo marketplace. */
const t = pageAppForTests();
let samId: string;
let bea: Client;
let paidOrderId: string;

beforeAll(async () => {
  await seedDemoIfEmpty(t);
  const [sam] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.seller));
  samId = sam?.id as string;
  bea = await signedInClient(t, DEMO_ACCOUNTS.buyer);
  const [paid] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.status, "paid"));
  paidOrderId = paid?.id as string;
});

describe("the demo's reviews", () => {
  it("show on the seller's page with the histogram and the seller's answer, and on cards", async () => {
    const page = (await client(t).get(`/sellers/${samId}`)).body;
    expect(page).toContain("★ 4.7 (3)");
    expect(page).toContain("Nadia N.");
    expect(page).toContain("Sorry about the scratch");
    expect(page).toMatch(/5 stars<\/th>.*?<td>2<\/td>/s);
    expect((await client(t).get("/allAdd")).body).toContain("★ 4.7 (3)");
  });

  it("offer Report this review under everyone's review but the reader's own", async () => {
    const nadia = await signedInClient(t, "nadia@relaptop.test");
    const reports = (html: string) => html.match(/Report this review/g)?.length ?? 0;
    const others = reports((await bea.get(`/sellers/${samId}`)).body);
    expect(others).toBeGreaterThan(0);
    // Nadia wrote some of them: hers have none.
    const [nadiaRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "nadia@relaptop.test"));
    const hers = await t.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.authorId, nadiaRow?.id as string), eq(reviews.sellerId, samId)));
    expect(hers.length).toBeGreaterThan(0);
    expect(reports((await nadia.get(`/sellers/${samId}`)).body)).toBe(others - hers.length);
  });

  it("and Sam's answers to Bea give his laptops a trust panel with a typical reply time", async () => {
    const [laptop] = await t.db.select({ id: adverts.id }).from(adverts).where(eq(adverts.sellerId, samId));
    const page = (await client(t).get(`/laptops/${laptop?.id}`)).body;
    expect(page).toContain("About the seller");
    expect(page).toMatch(/Typical reply time<\/dt><dd>[^<]+<\/dd>/);
  });
});

describe("Write a review", () => {
  it("is refused until the laptop is received, then offered in My Orders", async () => {
    const early = await bea.get(`/dashboard/my/orders/${paidOrderId}/review`);
    expect(early.statusCode).toBe(302);
    expect(early.headers.location).toBe("/dashboard/my/orders");
    expect((await bea.form("/dashboard/my/orders", { intent: "receipt", orderId: paidOrderId })).statusCode).toBe(200);
    expect((await bea.get("/dashboard/my/orders")).body).toContain(`href="/dashboard/my/orders/${paidOrderId}/review"`);
    const page = await bea.get(`/dashboard/my/orders/${paidOrderId}/review`);
    expect(page.body).toContain("1 star");
    expect(page.body).toContain("5 stars");
    expect(page.body).toContain("Your review");
  });

  it("shows an empty or oversized review's error under its field and keeps the text", async () => {
    const url = `/dashboard/my/orders/${paidOrderId}/review`;
    const empty = await bea.form(url, { rating: "4", body: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("Write your review");
    const long = "My long story. ".repeat(80);
    const oversized = await bea.form(url, { rating: "4", body: long });
    expect(oversized.body).toContain("Your review must be 1,000 characters or fewer");
    expect(oversized.body).toContain(long.trim());
  });

  it("publishes it, and stored markup stays text on every page", async () => {
    const payload = `<script>alert("x")</script><img src=x onerror=alert(1)> Great laptop, thank you!`;
    const posted = await bea.form(`/dashboard/my/orders/${paidOrderId}/review`, { rating: "5", body: payload });
    expect(posted.statusCode).toBe(302);
    const seller = (await client(t).get(`/sellers/${samId}`)).body;
    expect(seller).toContain("★ 4.8 (4)");
    expect(seller).not.toContain('<script>alert("x")');
    expect(seller).not.toContain("<img src=x");
    expect(seller).toContain("&lt;script&gt;");
    expect((await bea.get("/dashboard/my/orders")).body).toContain("Edit your review");
  });

  it("is not found for a deleted seller", async () => {
    const admin = await signedInClient(t, DEMO_ACCOUNTS.admin);
    // A seller of their own: the demo's have sales whose money is not paid out, which refuses the deletion.
    const gone = await createUser(t, { name: "Gone Seller", email: "gone-seller@x.test", role: "seller" });
    const [brand] = await t.db.select({ brandId: adverts.brandId }).from(adverts).limit(1);
    await createAdvert(t, {
      sellerId: gone.id,
      brandId: brand?.brandId ?? "",
      name: "Gone laptop",
      resalePriceCents: 30_000,
    });
    expect((await client(t).get(`/sellers/${gone.id}`)).statusCode).toBe(200);
    expect((await admin.raw("DELETE", `/api/users/${gone.id}`)).statusCode).toBe(204);
    expect((await client(t).get(`/sellers/${gone.id}`)).statusCode).toBe(404);
  });
});

/** The trust panel's rows on a laptop page, as read: label → what it says. */
function trustPanel(html: string) {
  const panel = html.match(/id="trust-heading".*?<\/dl>/s)?.[0];
  if (!panel) return null;
  const text = (h: string) => h.replace(/<[^>]*>/g, "").trim();
  return Object.fromEntries(
    [...panel.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/gs)].map(([, dt, dd]) => [
      text(dt as string),
      text(dd as string),
    ]),
  );
}

describe("the trust panel on a laptop's page", () => {
  it("shows a verified seller's member-since month, completed sales, rating and median reply time", async () => {
    const brand = await createBrand(t, "Framework");
    const vera = await createUser(t, {
      name: "Vera Verified",
      email: "vera@x.test",
      role: "seller",
      verified: true,
    });
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.UTC(2023, 2, 15)) })
      .where(eq(users.id, vera.id));
    const laptop = (name: string) =>
      createAdvert(t, { sellerId: vera.id, brandId: brand.id, name, resalePriceCents: 70_000 });
    const buyer = (i: number) => createUser(t, { name: `Trust Buyer ${i}`, email: `trust${i}@x.test` });
    const buyers = [await buyer(0), await buyer(1), await buyer(2)] as const;
    // Three sales completed (two of them reviewed, 5 and 4 stars); a fourth only booked, which is no sale yet.
    const sale = async (who: (typeof buyers)[number], i: number) =>
      createCompletedOrder(t, who, (await laptop(`Framework 13 #${i}`)).id);
    const sold = [await sale(buyers[0], 0), await sale(buyers[1], 1), await sale(buyers[2], 2)] as const;
    await t.services.reviews.write(buyers[0], sold[0].id, { rating: 5, body: "Exactly as described." });
    await t.services.reviews.write(buyers[1], sold[1].id, { rating: 4, body: "Good laptop, a little late." });
    await t.services.orders.book(await buyer(3), {
      advertId: (await laptop("Framework 13 booked")).id,
      meetingLocation: "Gulshan 1, Dhaka",
      phone: "01711234567",
    });
    const forSale = await laptop("Framework 16");

    // Before Vera has answered anyone there is no reply time to show (not a slow one).
    const early = trustPanel((await client(t).get(`/laptops/${forSale.id}`)).body);
    expect(early?.["Completed sales"]).toBe("3");
    expect(early).not.toHaveProperty("Typical reply time");
    // She answered three buyers after 10 minutes, 40 minutes and 5 hours: the median is 40 minutes
    // (the mean, nearly two hours, would say otherwise).
    const at = (m: number) => new Date(Date.UTC(2026, 0, 1) + m * 60_000);
    for (const [who, wait] of [
      [buyers[0], 10],
      [buyers[1], 40],
      [buyers[2], 300],
    ] as const) {
      const [c] = await t.db
        .insert(conversations)
        .values({
          advertId: forSale.id,
          buyerId: who.id,
          sellerId: vera.id,
          lastMessageAt: at(wait),
        })
        .returning();
      await t.db.insert(messages).values([
        {
          conversationId: c?.id as string,
          senderId: who.id,
          body: "Still for sale?",
          createdAt: at(0),
        },
        { conversationId: c?.id as string, senderId: vera.id, body: "Yes.", createdAt: at(wait) },
      ]);
    }

    const page = await client(t).get(`/laptops/${forSale.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("About the seller");
    expect(trustPanel(page.body)).toEqual({
      "Verified seller": "Yes, checked by ReLaptop",
      "Member since": "March 2023",
      "Completed sales": "3",
      Rating: "★ 4.5 (2)",
      "Typical reply time": "About 40 minutes",
    });
    // The rating leads to her reviews.
    expect(page.body).toContain(`href="/sellers/${vera.id}#reviews"`);
  });

  it("says so for a new seller who is not verified, has sold nothing and has no reviews", async () => {
    const [brand] = await t.db.select({ brandId: adverts.brandId }).from(adverts).limit(1);
    const newbie = await createUser(t, { name: "Nia New", email: "nia@x.test", role: "seller" });
    const advert = await createAdvert(t, {
      sellerId: newbie.id,
      brandId: brand?.brandId as string,
      name: "Surface Laptop 5",
      resalePriceCents: 50_000,
    });
    const thisMonth = new Date().toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
    expect(trustPanel((await client(t).get(`/laptops/${advert.id}`)).body)).toEqual({
      "Verified seller": "Not yet",
      "Member since": thisMonth,
      "Completed sales": "0",
      Rating: "No reviews yet",
    });
  });
});
