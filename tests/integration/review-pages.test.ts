import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adverts, orders, reviews, users } from "../../db/schema.ts";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "../../seed/demo.ts";
import { client } from "../support/http.ts";
import { closePageBuild, loadPageBuild } from "../support/page-build.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** The review pages as a browser without JavaScript uses them, on the demo marketplace. */
let t: TestApp;
const form = { "content-type": "application/x-www-form-urlencoded" };
const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
let samId: string;
let bea: ReturnType<typeof client>;
let paidOrderId: string;

beforeAll(async () => {
  t = await startTestApp({}, {}, { pages: await loadPageBuild() });
  await seedDemoIfEmpty(t.services);
  const [sam] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.seller));
  samId = sam?.id as string;
  bea = client(t);
  await bea.signIn(DEMO_ACCOUNTS.buyer);
  const [paid] = await t.services.db.select({ id: orders.id }).from(orders).where(eq(orders.status, "paid"));
  paidOrderId = paid?.id as string;
});
afterAll(async () => {
  await t?.close();
  await closePageBuild();
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
    const nadia = client(t);
    await nadia.signIn("nadia@relaptop.test");
    const reports = (html: string) => html.match(/Report this review/g)?.length ?? 0;
    const others = reports((await bea.get(`/sellers/${samId}`)).body);
    expect(others).toBeGreaterThan(0);
    // Nadia wrote some of them: hers have none.
    const [nadiaRow] = await t.services.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "nadia@relaptop.test"));
    const hers = await t.services.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.authorId, nadiaRow?.id as string), eq(reviews.sellerId, samId)));
    expect(hers.length).toBeGreaterThan(0);
    expect(reports((await nadia.get(`/sellers/${samId}`)).body)).toBe(others - hers.length);
  });

  it("and Sam's answers to Bea give his laptops a trust panel with a typical reply time", async () => {
    const [laptop] = await t.services.db.select({ id: adverts.id }).from(adverts).where(eq(adverts.sellerId, samId));
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
    expect(
      (await bea.raw("POST", "/dashboard/my/orders", encode({ intent: "receipt", orderId: paidOrderId }), form))
        .statusCode,
    ).toBe(200);
    expect((await bea.get("/dashboard/my/orders")).body).toContain(`href="/dashboard/my/orders/${paidOrderId}/review"`);
    const page = await bea.get(`/dashboard/my/orders/${paidOrderId}/review`);
    expect(page.body).toContain("1 star");
    expect(page.body).toContain("5 stars");
    expect(page.body).toContain("Your review");
  });

  it("shows an empty or oversized review's error under its field and keeps the text", async () => {
    const url = `/dashboard/my/orders/${paidOrderId}/review`;
    const empty = await bea.raw("POST", url, encode({ rating: "4", body: "" }), form);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("Write your review");
    const long = "My long story. ".repeat(80);
    const oversized = await bea.raw("POST", url, encode({ rating: "4", body: long }), form);
    expect(oversized.body).toContain("Your review must be 1,000 characters or fewer");
    expect(oversized.body).toContain(long.trim());
  });

  it("publishes it, and stored markup stays text on every page", async () => {
    const payload = `<script>alert("x")</script><img src=x onerror=alert(1)> Great laptop, thank you!`;
    const posted = await bea.raw(
      "POST",
      `/dashboard/my/orders/${paidOrderId}/review`,
      encode({ rating: "5", body: payload }),
      form,
    );
    expect(posted.statusCode).toBe(302);
    const seller = (await client(t).get(`/sellers/${samId}`)).body;
    expect(seller).toContain("★ 4.8 (4)");
    expect(seller).not.toContain('<script>alert("x")');
    expect(seller).not.toContain("<img src=x");
    expect(seller).toContain("&lt;script&gt;");
    expect((await bea.get("/dashboard/my/orders")).body).toContain("Edit your review");
  });

  it("is not found for a deleted seller", async () => {
    const admin = client(t);
    await admin.signIn(DEMO_ACCOUNTS.admin);
    const [rafi] = await t.services.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "rafi@relaptop.test"));
    expect((await client(t).get(`/sellers/${rafi?.id}`)).statusCode).toBe(200);
    await admin.raw("DELETE", `/api/users/${rafi?.id}`);
    expect((await client(t).get(`/sellers/${rafi?.id}`)).statusCode).toBe(404);
  });
});
