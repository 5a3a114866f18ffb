import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { renderRow } from "../../core/notifications/index.ts";
import { adminActions, emailOutbox } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createCompletedOrder, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { pageAppForTests, shownOn } from "../support/page-build.ts";
import { PUBLIC_URL } from "../support/test-app.ts";

/**
 * Reporting a review and an admin's removal, through the pages as a browser posts them, with stored markup
 * in every field a person typed: the review, the seller's answer, the admin's reason (and the laptop's name).
 */
const t = pageAppForTests();

const PRODUCT = "ThinkPad X1 <img src=x onerror=alert(7)>";
const BODY = "<script>alert(1)</script><img src=x onerror=alert(2)> Arrived with a cracked hinge.";
const ANSWER = "<script>alert(3)</script><img src=x onerror=alert(4)> The hinge was fine at handover.";
const REASON = "<script>alert(5)</script><img src=x onerror=alert(6)> It insults the seller.";

/** Text as React writes it into a page. */
const inPage = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
/** Text as the email layout writes it into an email's HTML part. */
const inEmail = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A page's text runs as one reads them (React separates adjacent text with empty comments). */
const visible = (html: string) => html.replaceAll("<!-- -->", "");
/** None of the stored markup is live: no script of ours, no image with a handler. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script>alert/i);
  expect(html).not.toMatch(/<img src=x/i);
  expect(html).not.toMatch(/<[^>]*onerror=/i);
}

/** The one email of this kind queued for this person, rendered as it is sent. */
async function theOnlyEmail(userId: string, kind: string) {
  const rows = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, kind)));
  expect(rows).toHaveLength(1);
  return renderRow(rows[0] as (typeof rows)[number], {
    publicUrl: PUBLIC_URL,
    secret: "test-secret-test-secret-test-secret-0123",
  });
}

let sellerId: string;
let buyerId: string;
let orderId: string;
let reviewId: string;
let sam: Client;
let bea: Client;
let olly: Client;
let ada: Client;

beforeAll(async () => {
  const brand = await createBrand(t, "Lenovo");
  const seller = await createUser(t, { name: "Sam Seller", email: "sam@x.test", role: "seller" });
  const buyer = await createUser(t, { name: "Bea Buyer", email: "bea@x.test" });
  await createUser(t, { name: "Olly Other", email: "olly@x.test" });
  await createUser(t, { name: "Ada Admin", email: "ada@x.test", role: "admin" });
  sellerId = seller.id;
  buyerId = buyer.id;
  const advert = await createAdvert(t, {
    sellerId,
    brandId: brand.id,
    name: PRODUCT,
    resalePriceCents: 52_000,
  });
  orderId = (await createCompletedOrder(t, buyer, advert.id)).id;
  [sam, bea, olly, ada] = [client(t), client(t), client(t), client(t)];
  await sam.signIn("sam@x.test");
  await bea.signIn("bea@x.test");
  await olly.signIn("olly@x.test");
  await ada.signIn("ada@x.test");
});

describe("a review with markup in it", () => {
  it("is written and answered through the pages, and shows as text on the seller's page", async () => {
    const written = await bea.form(`/dashboard/my/orders/${orderId}/review`, { rating: "2", body: BODY });
    expect(written.statusCode).toBe(302);
    const before = (await sam.get(`/sellers/${sellerId}`)).body;
    reviewId = before.match(/id="review-([0-9a-f-]{36})"/)?.[1] as string;
    expect(reviewId).toBeDefined();
    expect(before).toContain("Your answer (public, once)");

    // A blank answer is refused under that review's answer field, as a browser without JavaScript shows it.
    const blank = await sam.form(`/sellers/${sellerId}`, { intent: "answer", reviewId, answer: " " });
    expect(blank.statusCode).toBe(400);
    expect(shownOn(blank.body)).toMatch(/Write your answer<\/p>/);
    const answered = await sam.form(`/sellers/${sellerId}`, { intent: "answer", reviewId, answer: ANSWER });
    expect(answered.statusCode).toBe(200);
    const page = (await client(t).get(`/sellers/${sellerId}`)).body;
    expectInert(page);
    expect(page).toContain(inPage(BODY));
    expect(page).toContain(inPage(ANSWER));
    expect(page).toContain("The seller answered on");
    expect(page).toContain(inPage(PRODUCT));
    expect(page).toContain("★ 2.0 (1)");
    // Answered once: the form is gone.
    expect((await sam.get(`/sellers/${sellerId}`)).body).not.toContain("Your answer (public, once)");
  });

  it("tells the seller in the app and by email, where the laptop's name stays text", async () => {
    const notices = await sam.get("/dashboard/notifications");
    expect(notices.statusCode).toBe(200);
    expectInert(notices.body);
    expect(notices.body).toContain("New review: 2 of 5 stars");
    expect(visible(notices.body)).toContain(
      `Bea B. reviewed you for ${inPage(PRODUCT)}. You can answer it once, publicly.`,
    );

    const email = await theOnlyEmail(sellerId, "review.received");
    expectInert(email.html);
    expect(email.html).toContain(`Bea B. reviewed you for ${inEmail(PRODUCT)}`);
    expect(email.html).toContain("2 of 5 stars");
    // The plain-text part is text: it says what was typed.
    expect(email.text).toContain(`Bea B. reviewed you for ${PRODUCT}`);
    expect(email.text).toContain(`${PUBLIC_URL}/sellers/${sellerId}#reviews`);
  });
});

describe("reporting a review and removing it, through the pages", () => {
  it("Report this review on the seller's page puts it on the admins' Reported Items, as text", async () => {
    const page = (await olly.get(`/sellers/${sellerId}`)).body;
    expect(page).toContain("Report this review");
    expect(page).toContain(`name="reviewId" value="${reviewId}"`);
    expect((await ada.get("/dashboard/reported-items")).body).not.toContain("Reported reviews");

    const reported = await olly.form(`/sellers/${sellerId}`, { intent: "report", reviewId });
    expect(reported.statusCode).toBe(200);
    // Reporting twice is refused with the reason.
    const twice = await olly.form(`/sellers/${sellerId}`, { intent: "report", reviewId });
    expect(twice.statusCode).toBe(409);

    const items = await ada.get("/dashboard/reported-items");
    expect(items.statusCode).toBe(200);
    expectInert(items.body);
    expect(items.body).toContain("Reported reviews");
    expect(visible(items.body)).toContain("1 report<");
    expect(items.body).toContain(inPage(BODY));
    expect(visible(items.body)).toContain(`by Bea Buyer, for ${inPage(PRODUCT)}, about`);
    expect(items.body).toContain(`href="/sellers/${sellerId}#reviews"`);
    expect(items.body).toContain("Remove review");
    expect(items.body).not.toContain("No open reports. All clear.");
  });

  it("an admin removes it with a reason: gone from the seller's page, the action in the admin log", async () => {
    const url = "/dashboard/reported-items";
    const noReason = await ada.form(url, { intent: "remove", reviewId, reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect((await client(t).get(`/sellers/${sellerId}`)).body).toContain(inPage(BODY));
    // Only admins remove reviews.
    expect((await sam.form(url, { intent: "remove", reviewId, reason: "No" })).statusCode).toBe(302);
    expect((await client(t).get(`/sellers/${sellerId}`)).body).toContain(inPage(BODY));

    const removed = await ada.form(url, { intent: "remove", reviewId, reason: REASON });
    expect(removed.statusCode).toBe(200);

    const items = (await ada.get(url)).body;
    expect(items).not.toContain("Reported reviews");
    expect(items).not.toContain(inPage(BODY));
    expect(items).toContain("No open reports. All clear.");

    const seller = (await client(t).get(`/sellers/${sellerId}`)).body;
    expect(seller).not.toContain(inPage(BODY));
    expect(seller).not.toContain(inPage(ANSWER));
    expect(seller).not.toContain("★ 2.0 (1)");
    expect(seller).toContain("No reviews yet.");

    const logged = await t.db.select().from(adminActions).where(eq(adminActions.targetId, reviewId));
    expect(logged.map((a) => a.action)).toEqual(["remove-review"]);
    const log = await ada.get("/dashboard/admin-log");
    expectInert(log.body);
    expect(visible(log.body)).toContain(`Removed a review of “${inPage(PRODUCT)}”: ${inPage(REASON)}`);
    expect(log.body).toContain("Ada Admin");
  });

  it("its author sees the removal and its reason, as text, in My Orders, notifications and the email", async () => {
    const orders = await bea.get("/dashboard/my/orders");
    expectInert(orders.body);
    expect(visible(orders.body)).toContain(`An admin removed your review: ${inPage(REASON)}`);
    expect(orders.body).not.toContain("Edit your review");
    expect(orders.body).not.toContain(`href="/dashboard/my/orders/${orderId}/review"`);

    const notices = await bea.get("/dashboard/notifications");
    expectInert(notices.body);
    expect(visible(notices.body)).toContain(`Review removed: ${inPage(PRODUCT)}`);
    expect(visible(notices.body)).toContain(`An admin removed your review: ${inPage(REASON)}`);

    const email = await theOnlyEmail(buyerId, "review.removed");
    expect(email.subject).toBe(`Your review of ${PRODUCT} was removed`);
    expectInert(email.html);
    expect(email.html).toContain(`The reason given: ${inEmail(REASON)}`);
    expect(email.html).toContain(`Your review of the seller of ${inEmail(PRODUCT)} is no longer shown.`);
    expect(email.text).toContain(`The reason given: ${REASON}`);
    expect(email.text).toContain(`${PUBLIC_URL}/dashboard/my/orders`);
    // The reporter is told nothing, the seller nothing more.
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "olly@x.test"))).toHaveLength(0);
  });
});
