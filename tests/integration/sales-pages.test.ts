import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvert, createBrand } from "../../seed/factories.ts";
import { bookToMeet, type Client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { signedInCast } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

/** The sale's pages, server-rendered: My Sales, an order's page, the number on My Orders. */

let t: TestApp;
const as = {} as Record<"bea" | "sam" | "rafi" | "ada", Client>;
let orderId: string;
let number: string;
/** React escapes text in pages: an apostrophe comes out as &#x27;. */
const inPage = (text: string) => text.replaceAll("'", "&#x27;");

beforeAll(async () => {
  t = await startPageApp();
  const brandId = (await createBrand(t, "Asus")).id;
  const { users, clients } = await signedInCast(t, "sam", "rafi", "bea", "ada");
  Object.assign(as, clients);
  const { sam } = users;
  const advert = await createAdvert(t, {
    sellerId: sam.id,
    brandId,
    name: "Zenbook 14",
    resalePriceCents: 52_000,
  });
  const booked = await bookToMeet(as.bea, advert.id, "Dhanmondi 27", "01812345678");
  orderId = booked.json().id;
  number = (await as.bea.get(`/api/orders/${orderId}`)).json().number;
});
afterAll(() => closePageApp(t));

describe("My Sales", () => {
  it("is in the seller's menu and lists the booking with its number, buyer, phone, meeting place and next step", async () => {
    const page = await as.sam.get("/dashboard/sales");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="/dashboard/sales"');
    expect(page.body).toContain(">My Sales<");
    for (const text of [
      number,
      "Zenbook 14",
      "Bea Buyer",
      "01812345678",
      "Dhanmondi 27",
      "Decline or wait for payment",
    ]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain(`href="/dashboard/orders/${orderId}"`);
  });

  it("shows another seller none of it, and filters by status", async () => {
    const rafis = await as.rafi.get("/dashboard/sales");
    expect(rafis.statusCode).toBe(200);
    expect(rafis.body).not.toContain("01812345678");
    expect(rafis.body).not.toContain("Bea Buyer");
    const paid = await as.sam.get("/dashboard/sales?status=paid");
    expect(paid.body).toContain("No orders with this status.");
    expect(paid.body).not.toContain("01812345678");
    expect((await as.sam.get("/dashboard/sales?status=lost")).statusCode).toBe(404);
    expect((await as.sam.get("/dashboard/sales?cursor=bm9wZQ")).statusCode).toBe(404);
  });
});

describe("an order's page", () => {
  it("shows its seller and admins the buyer's phone and meeting place, with the timeline", async () => {
    for (const who of [as.sam, as.ada]) {
      const page = await who.get(`/dashboard/orders/${orderId}`);
      expect(page.statusCode).toBe(200);
      for (const text of [number, "Zenbook 14", "$520", "Meet in person at Dhanmondi 27", "Bea Buyer", "01812345678"]) {
        expect(page.body).toContain(text);
      }
      expect(page.body).toContain("Booked the laptop");
    }
  });

  it("shows its buyer the seller, and is not found for anyone else", async () => {
    const page = await as.bea.get(`/dashboard/orders/${orderId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Sam Seller");
    expect(page.body).toContain(">Cancel<");
    const theirs = await as.rafi.get(`/dashboard/orders/${orderId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain("01812345678");
    expect((await as.rafi.get("/dashboard/orders/not-an-id")).statusCode).toBe(404);
  });

  it("is linked from My Orders by the order's number", async () => {
    const page = await as.bea.get("/dashboard/my/orders");
    expect(page.body).toContain(`href="/dashboard/orders/${orderId}"`);
    expect(page.body).toContain(number);
  });

  it("declines with a reason the buyer then reads in the timeline", async () => {
    const blank = await as.sam.form(`/dashboard/orders/${orderId}`, { intent: "decline", orderId, reason: "  " });
    expect(blank.statusCode).toBe(400);
    const reason = "I'm away until next month";
    const done = await as.sam.form(`/dashboard/orders/${orderId}`, { intent: "decline", orderId, reason });
    expect(done.statusCode).toBe(200);
    const page = await as.bea.get(`/dashboard/orders/${orderId}`);
    expect(page.body).toContain("Declined by the seller");
    expect(page.body).toContain(inPage(reason));
    expect(page.body).not.toContain(">Cancel<");
  });
});
