import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActions, reviews, sellerRatings } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createCompletedOrder, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
const c: Record<"anonymous" | "buyer" | "buyer2" | "seller" | "other" | "admin", Client> = {} as never;
const ids: Record<string, string> = {};
let sellerAccount: Awaited<ReturnType<typeof createUser>>;
let buyerAccount: Awaited<ReturnType<typeof createUser>>;

const NEEDS_RECEIPT = "You can review a seller once you have received the laptop.";
const card = async (advertId: string | undefined) =>
  ((await c.anonymous.get("/api/adverts")).json().items as { id: string; sellerRating: unknown }[]).find(
    (a) => a.id === advertId,
  );

beforeAll(async () => {
  t = await startTestApp();
  const brand = await createBrand(t, "Dell");
  sellerAccount = await createUser(t, { name: "Sam Seller", email: "seller@x.test", role: "seller" });
  await createUser(t, { name: "Olly Other", email: "other@x.test", role: "seller" });
  buyerAccount = await createUser(t, { name: "Bea Buyer", email: "buyer@x.test" });
  const buyer2 = await createUser(t, { name: "Ben Second", email: "buyer2@x.test" });
  await createUser(t, { name: "Ada", email: "admin@x.test", role: "admin" });
  const laptop = (name: string) =>
    createAdvert(t, { sellerId: sellerAccount.id, brandId: brand.id, name, resalePriceCents: 40_000 });
  ids.sold = (await laptop("XPS 13")).id;
  ids.sold2 = (await laptop("XPS 15")).id;
  ids.forSale = (await laptop("Latitude 7440")).id;
  ids.booked = (await laptop("Vostro 3420")).id;
  ids.order = (await createCompletedOrder(t, buyerAccount, ids.sold)).id;
  ids.order2 = (await createCompletedOrder(t, buyer2, ids.sold2)).id;
  ids.bookedOrder = (
    await t.services.orders.book(buyerAccount, { advertId: ids.booked, meetingLocation: "X", phone: "0171234567" })
  ).id;
  c.anonymous = client(t);
  for (const who of ["buyer", "buyer2", "seller", "other", "admin"] as const) {
    c[who] = await signedInClient(t, `${who}@x.test`);
  }
});
afterAll(() => t?.close());

describe("writing a review", () => {
  it("refuses an order that is someone else's or not received yet, with the same words", async () => {
    const review = { rating: 5, body: "Exactly as described, thank you!" };
    const others = await c.buyer2.post(`/api/orders/${ids.order}/review`, review);
    expect([others.statusCode, others.json().message]).toEqual([403, NEEDS_RECEIPT]);
    const unfinished = await c.buyer.post(`/api/orders/${ids.bookedOrder}/review`, review);
    expect([unfinished.statusCode, unfinished.json().message]).toEqual([409, NEEDS_RECEIPT]);
    expect((await c.seller.post(`/api/orders/${ids.order}/review`, review)).statusCode).toBe(403);
    expect((await c.anonymous.post(`/api/orders/${ids.order}/review`, review)).statusCode).toBe(401);
  });

  it("names the field of an empty, short or oversized review, and a missing rating", async () => {
    const fields = async (body: unknown) => (await c.buyer.post(`/api/orders/${ids.order}/review`, body)).json().fields;
    expect(await fields({ rating: 4, body: "" })).toEqual({ body: "Write your review" });
    expect(await fields({ rating: 4, body: "Too short" })).toEqual({
      body: "Your review must be at least 10 characters",
    });
    expect(await fields({ rating: 4, body: "x".repeat(1001) })).toEqual({
      body: "Your review must be 1,000 characters or fewer",
    });
    expect(await fields({ rating: 6, body: "Perfectly fine laptop." })).toEqual({
      rating: "Choose a rating from 1 to 5 stars",
    });
    expect(await card(ids.forSale)).toMatchObject({ sellerRating: null });
  });

  it("refuses a body with nothing visible in it as an empty one, and counts only what shows", async () => {
    const fields = async (body: unknown) => (await c.buyer.post(`/api/orders/${ids.order}/review`, body)).json().fields;
    // Ten spaces and twenty zero-width spaces: a blank review, not a review.
    expect(await fields({ rating: 1, body: `${" ".repeat(10)}${"\u200B".repeat(20)}` })).toEqual({
      body: "Write your review",
    });
    // Bidi controls, word joiners, a BOM, a Hangul filler: no more visible.
    expect(await fields({ rating: 1, body: "\u202E\u2066\u2060\uFEFF\u3164\u00AD\u200D".repeat(5) })).toEqual({
      body: "Write your review",
    });
    expect(await fields({ rating: 1, body: `ok${"\u200B".repeat(20)}` })).toEqual({
      body: "Your review must be at least 10 characters",
    });
    const stored = await t.db.select().from(reviews).where(eq(reviews.authorId, buyerAccount.id));
    expect(stored).toEqual([]);
  });

  it("takes the rating as a JSON number only: a string, boolean or array is refused, naming it", async () => {
    for (const rating of ["3", true, [3], "", null, { value: 3 }]) {
      const res = await c.buyer.post(`/api/orders/${ids.order}/review`, { rating, body: "Perfectly fine laptop." });
      expect([res.statusCode, res.json().fields], JSON.stringify(rating)).toEqual([
        400,
        { rating: "Choose a rating from 1 to 5 stars" },
      ]);
    }
    const stored = await t.db.select().from(reviews).where(eq(reviews.authorId, buyerAccount.id));
    expect(stored).toEqual([]);
  });

  it("takes one review per completed order, tells the seller, and shows the rating on cards and the seller's page", async () => {
    const first = await c.buyer.post(`/api/orders/${ids.order}/review`, {
      rating: 5,
      body: "<script>alert(1)</script> Great seller, fast handover.",
    });
    expect(first.statusCode).toBe(201);
    ids.review = first.json().id;
    const twice = await c.buyer.post(`/api/orders/${ids.order}/review`, { rating: 1, body: "Changed my mind here." });
    expect([twice.statusCode, twice.json().message]).toEqual([409, "You have already reviewed this order."]);
    expect(
      (await c.buyer2.post(`/api/orders/${ids.order2}/review`, { rating: 4, body: "Good, a scratch not mentioned." }))
        .statusCode,
    ).toBe(201);

    expect(await card(ids.forSale)).toMatchObject({ sellerRating: { average: 4.5, count: 2 } });
    expect((await c.anonymous.get(`/api/adverts/${ids.forSale}`)).json().sellerRating).toEqual({
      average: 4.5,
      count: 2,
    });
    const page = (await c.anonymous.get(`/api/sellers/${sellerAccount.id}/reviews`)).json();
    expect(page.rating).toEqual({ average: 4.5, count: 2 });
    expect(page.histogram).toEqual([
      { stars: 5, count: 1 },
      { stars: 4, count: 1 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ]);
    // Newest first, each with the laptop it was for; authors by first name and initial.
    expect(page.reviews.map((r: { productName: string; authorName: string }) => [r.productName, r.authorName])).toEqual(
      [
        ["XPS 15", "Ben S."],
        ["XPS 13", "Bea B."],
      ],
    );
    const [told] = (await t.services.notifications.list(sellerAccount)).items;
    expect(told).toMatchObject({ title: "New review: 4 of 5 stars", link: `/sellers/${sellerAccount.id}#reviews` });
  });

  it("lets only its author edit it, for 30 days, and the average follows", async () => {
    const edit = { rating: 3, body: "Good seller, but the battery is weaker than said." };
    expect((await c.buyer2.raw("PUT", `/api/reviews/${ids.review}`, edit)).statusCode).toBe(403);
    expect((await c.seller.raw("PUT", `/api/reviews/${ids.review}`, edit)).statusCode).toBe(403);
    expect((await c.buyer.raw("PUT", `/api/reviews/${ids.review}`, edit)).statusCode).toBe(204);
    expect(await card(ids.forSale)).toMatchObject({ sellerRating: { average: 3.5, count: 2 } });
    const page = (await c.anonymous.get(`/api/sellers/${sellerAccount.id}/reviews`)).json();
    expect(page.histogram.find((h: { stars: number }) => h.stars === 5).count).toBe(0);
    expect(page.reviews.find((r: { id: string }) => r.id === ids.review)).toMatchObject({ edited: true, rating: 3 });

    await t.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(reviews.id, ids.review as string));
    const late = await c.buyer.raw("PUT", `/api/reviews/${ids.review}`, { rating: 5, body: "Back to five stars." });
    expect([late.statusCode, late.json().message]).toEqual([
      409,
      "A review can be changed for 30 days after it was written.",
    ]);
  });

  it("lets the seller answer once, publicly", async () => {
    const answer = { answer: "Thank you! <b>bold</b> claims of a weak battery: it was at 91 %." };
    expect((await c.other.post(`/api/reviews/${ids.review}/answer`, answer)).statusCode).toBe(403);
    expect((await c.buyer.post(`/api/reviews/${ids.review}/answer`, answer)).statusCode).toBe(403);
    expect((await c.seller.post(`/api/reviews/${ids.review}/answer`, { answer: " " })).json().fields).toEqual({
      answer: "Write your answer",
    });
    expect((await c.seller.post(`/api/reviews/${ids.review}/answer`, answer)).statusCode).toBe(204);
    const again = await c.seller.post(`/api/reviews/${ids.review}/answer`, { answer: "And another thing." });
    expect([again.statusCode, again.json().message]).toEqual([409, "You have already answered this review."]);
    const page = (await c.anonymous.get(`/api/sellers/${sellerAccount.id}/reviews`)).json();
    expect(page.reviews.find((r: { id: string }) => r.id === ids.review).answer.text).toBe(answer.answer);
  });
});

describe("reporting and removing a review", () => {
  it("takes reports from anyone signed in, once, and lists them for admins", async () => {
    expect((await c.anonymous.post(`/api/reviews/${ids.review}/reports`, {})).statusCode).toBe(401);
    const own = await c.buyer.post(`/api/reviews/${ids.review}/reports`, {});
    expect(own.json().message).toBe("You cannot report your own review.");
    expect((await c.seller.post(`/api/reviews/${ids.review}/reports`, { details: "Not true" })).statusCode).toBe(201);
    expect((await c.seller.post(`/api/reviews/${ids.review}/reports`, {})).statusCode).toBe(409);
    // Details of nothing visible are no details (never listed as a blank line).
    const blank = { details: " \u200B\u2060\u202E " };
    expect((await c.other.post(`/api/reviews/${ids.review}/reports`, blank)).statusCode).toBe(201);
    expect((await c.buyer.get("/api/review-reports")).statusCode).toBe(403);
    expect((await c.admin.get("/api/review-reports")).json().reviews).toEqual([
      expect.objectContaining({ reviewId: ids.review, reports: 2, sellerName: "Sam Seller", details: ["Not true"] }),
    ]);
  });

  it("removes it with a reason its author is told; it leaves the page and the average; the action is recorded", async () => {
    expect((await c.seller.post(`/api/reviews/${ids.review}/removal`, { reason: "x" })).statusCode).toBe(403);
    expect((await c.admin.post(`/api/reviews/${ids.review}/removal`, { reason: "" })).json().fields).toEqual({
      reason: "Tell the author why",
    });
    const reason = "It names the seller's phone number";
    expect((await c.admin.post(`/api/reviews/${ids.review}/removal`, { reason })).statusCode).toBe(204);
    expect((await c.admin.post(`/api/reviews/${ids.review}/removal`, { reason })).statusCode).toBe(409);

    const page = (await c.anonymous.get(`/api/sellers/${sellerAccount.id}/reviews`)).json();
    expect(page.rating).toEqual({ average: 4, count: 1 });
    expect(page.reviews.map((r: { id: string }) => r.id)).not.toContain(ids.review);
    expect(await card(ids.forSale)).toMatchObject({ sellerRating: { average: 4, count: 1 } });
    expect((await c.admin.get("/api/review-reports")).json().reviews).toEqual([]);
    const [told] = (await t.services.notifications.list(buyerAccount)).items;
    expect(told).toMatchObject({ title: "Review removed: XPS 13", body: `An admin removed your review: ${reason}` });
    const actions = await t.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, ids.review as string));
    expect(actions.map((a) => a.action)).toEqual(["remove-review"]);
    // Nothing more happens to a removed review.
    const reported = await c.other.post(`/api/reviews/${ids.review}/reports`, {});
    expect([reported.statusCode, reported.json().message]).toEqual([404, "This review does not exist."]);
  });

  it("dismisses reports without touching the review, recorded like every admin action", async () => {
    const [other] = (await c.anonymous.get(`/api/sellers/${sellerAccount.id}/reviews`)).json().reviews;
    expect((await c.buyer.post(`/api/reviews/${other.id}/reports`, {})).statusCode).toBe(201);
    expect((await c.admin.post(`/api/reviews/${other.id}/report-dismissal`)).statusCode).toBe(204);
    expect((await c.admin.post(`/api/reviews/${other.id}/report-dismissal`)).statusCode).toBe(404);
    expect((await c.anonymous.get(`/api/sellers/${sellerAccount.id}/reviews`)).json().rating.count).toBe(1);
    const actions = await t.db.select().from(adminActions).where(eq(adminActions.targetId, other.id));
    expect(actions.map((a) => a.action)).toEqual(["dismiss-review-reports"]);
  });
});

describe("the seller's page", () => {
  it("pages reviews newest first by keyset, and is not found for a deleted seller (API)", async () => {
    const brand = await createBrand(t, "Acer");
    const busy = await createUser(t, { name: "Busy Seller", email: "busy@x.test", role: "seller" });
    for (let i = 0; i < 12; i++) {
      const advert = await createAdvert(t, {
        sellerId: busy.id,
        brandId: brand.id,
        name: `Swift ${i}`,
        resalePriceCents: 10_000,
      });
      const order = await createCompletedOrder(t, buyerAccount, advert.id);
      await t.services.reviews.write(buyerAccount, order.id, { rating: 1 + (i % 5), body: `Review number ${i}.` });
    }
    const first = (await c.anonymous.get(`/api/sellers/${busy.id}/reviews`)).json();
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0].productName).toBe("Swift 11");
    const second = (
      await c.anonymous.get(`/api/sellers/${busy.id}/reviews?cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.reviews.map((r: { productName: string }) => r.productName)).toEqual(["Swift 1", "Swift 0"]);
    expect(second.nextCursor).toBeNull();
    expect(first.rating).toEqual({ average: 2.8, count: 12 });

    // Its sales' money is not paid out yet: the account cannot be deleted (core/accounts/delete-account.ts).
    const refused = await c.admin.raw("DELETE", `/api/users/${busy.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/not yet paid out/);
    const gone = await createUser(t, { name: "Gone Seller", email: "gone-seller@x.test", role: "seller" });
    expect((await c.admin.raw("DELETE", `/api/users/${gone.id}`)).statusCode).toBe(204);
    expect((await c.anonymous.get(`/api/sellers/${gone.id}/reviews`)).statusCode).toBe(404);
  });
});

describe("the rating counters", () => {
  it("add up when reviews of one seller are written at the same moment, and a double submit writes one", async () => {
    const brand = await createBrand(t, "Asus");
    const seller = await createUser(t, { name: "Rush Seller", email: "rush@x.test", role: "seller" });
    const sales = [];
    for (let i = 0; i < 6; i++) {
      const buyer = await createUser(t, { name: `Rush Buyer ${i}`, email: `rush${i}@x.test` });
      const advert = await createAdvert(t, {
        sellerId: seller.id,
        brandId: brand.id,
        name: `ZenBook ${i}`,
        resalePriceCents: 10_000,
      });
      sales.push({ buyer, order: await createCompletedOrder(t, buyer, advert.id), rating: 1 + (i % 5) });
    }
    const attempts = sales.flatMap(({ buyer, order, rating }) =>
      [0, 1].map(() => t.services.reviews.write(buyer, order.id, { rating, body: "Written twice at once." })),
    );
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(6);
    for (const o of outcomes) {
      if (o.status === "rejected") expect(o.reason.message).toBe("You have already reviewed this order.");
    }
    const [counters] = await t.db.select().from(sellerRatings).where(eq(sellerRatings.sellerId, seller.id));
    expect(counters).toMatchObject({ reviewCount: 6, ratingSum: 1 + 2 + 3 + 4 + 5 + 1, stars1: 2, stars5: 1 });
  });
});
