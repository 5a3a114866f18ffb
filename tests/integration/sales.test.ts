import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "../../db/errors.ts";
import { emailOutbox, orders } from "../../db/schema/index.ts";
import { DECLINE_REASON_REQUIRED } from "../../schemas/sales.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { signedInAccount, signedInCast, signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** The sale from the seller's side, over HTTP: order numbers, an order's page, My Sales, declining. */

let t: TestApp;
let brandId: string;
let samId: string;
let rafiId: string;
const as = {} as Record<"sam" | "rafi" | "ada" | "stan", Client>;
let n = 0;
let laptops = 0;

const NUMBER = /^RL-[2-9A-HJ-NP-Z]{6}$/;
const GOOD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

const signedIn = (email: string) => signedInClient(t, email);
const newBuyer = () => signedInAccount(t, { name: `Buyer ${++n}`, email: `sales-buyer${n}@x.test` });
const laptop = (sellerId = samId) =>
  createAdvert(t, { sellerId, brandId, name: `Laptop ${++laptops}`, resalePriceCents: 40_000, mobile: "01799887766" });
async function book(buyer: Client, advertId: string, phone = "01712345678") {
  const res = await buyer.post("/api/orders", { advertId, meetingLocation: "Gulshan 2 circle", phone });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
/** Every page of My Sales, following `next` to the end. */
async function allPages(who: Client, query = "") {
  const pages: { items: { id: string }[]; next: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/sales?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await who.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    pages.push(page);
    cursor = page.next;
  } while (cursor);
  return pages;
}

beforeAll(async () => {
  t = await startTestApp();
  brandId = (await createBrand(t, "Lenovo")).id;
  const { users, clients } = await signedInCast(t, "sam", "rafi", "ada", "stan");
  Object.assign(as, clients);
  samId = users.sam.id;
  rafiId = users.rafi.id;
});
afterAll(() => t?.close());

describe("order numbers", () => {
  it("gives every order its own short number at booking, shown on the order and in My Orders", async () => {
    const buyer = await newBuyer();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await book(buyer.http, (await laptop()).id));
    const numbers = await Promise.all(ids.map(async (id) => (await buyer.http.get(`/api/orders/${id}`)).json().number));
    for (const number of numbers) expect(number).toMatch(NUMBER);
    expect(new Set(numbers).size).toBe(5);
    const mine = (await buyer.http.get("/api/orders")).json().orders as { id: string; number: string }[];
    expect(new Set(mine.map((o) => o.number))).toEqual(new Set(numbers));
  });

  it("is unique in the database itself", async () => {
    const [one] = await t.db.select().from(orders).limit(1);
    if (!one) throw new Error("no order");
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = one;
    const error = await t.db
      .insert(orders)
      .values({ ...copy, status: "cancelled" })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe("an order's page", () => {
  it("is for its buyer, its laptop's seller and admins, with both phones; anyone else is told it does not exist", async () => {
    const buyer = await newBuyer();
    const id = await book(buyer.http, (await laptop()).id, "+8801711223344");
    for (const [who, viewer] of [
      [buyer.http, "buyer"],
      [as.sam, "seller"],
      [as.ada, "admin"],
    ] as const) {
      const res = await who.get(`/api/orders/${id}`);
      expect(res.statusCode, viewer).toBe(200);
      expect(res.json()).toMatchObject({
        viewer,
        buyerPhone: "+8801711223344",
        meetingLocation: "Gulshan 2 circle",
        buyer: { name: buyer.user.name },
        seller: { name: "Sam Seller", phone: "01799887766" },
        can: { decline: viewer === "seller", cancel: viewer === "buyer", pay: viewer === "buyer" },
      });
      expect(res.json().events).toEqual([expect.objectContaining({ who: buyer.user.name, what: "Booked the laptop" })]);
    }
    for (const who of [as.rafi, as.stan]) {
      const res = await who.get(`/api/orders/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("8801711223344");
      expect(res.body).not.toContain("01799887766");
    }
    expect((await client(t).get(`/api/orders/${id}`)).statusCode).toBe(401);
  });
});

describe("a seller acting as a buyer (the mode switch)", () => {
  it("still reads the order, but is offered no Decline until they switch back", async () => {
    const sela = await createUser(t, { name: "Sela", email: "sela@x.test", role: "seller" });
    const http = await signedIn("sela@x.test");
    const buyer = await newBuyer();
    const id = await book(buyer.http, (await laptop(sela.id)).id);
    expect((await http.raw("PUT", "/api/me/acting-mode", { mode: "user" })).statusCode).toBeLessThan(300);
    const res = await http.get(`/api/orders/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ viewer: "seller", can: { decline: false } });
    expect((await http.post(`/api/orders/${id}/decline`, { reason: "Nope" })).statusCode).toBe(403);
    await http.raw("PUT", "/api/me/acting-mode", { mode: "seller" });
    expect((await http.get(`/api/orders/${id}`)).json().can.decline).toBe(true);
  });
});

describe("My Sales", () => {
  let samsOrders: string[] = [];
  let lastBuyer = "";

  beforeAll(async () => {
    // 45 orders on Sam's laptops from five buyers (a buyer holds at most ten bookings), and one on Rafi's.
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => newBuyer()));
    samsOrders = [];
    lastBuyer = (buyers.at(-1) as (typeof buyers)[number]).user.name;
    for (const [i, buyer] of buyers.entries()) {
      for (let k = 0; k < 9; k++) samsOrders.push(await book(buyer.http, (await laptop()).id, `0171${i}00000${k}`));
    }
    await book((buyers[0] as (typeof buyers)[number]).http, (await laptop(rafiId)).id, "01999999999");
  });

  it("pages through every order on the seller's laptops, newest first, to the last page without a repeat", async () => {
    const pages = await allPages(as.sam);
    const ids = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of samsOrders) expect(ids).toContain(id);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.at(-1)?.next).toBeNull();
    const times = pages.flatMap((p) =>
      p.items.map((i) => Date.parse((i as unknown as { createdAt: string }).createdAt)),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("shows each order's number, laptop, buyer, phone, meeting place, status and next step", async () => {
    const [first] = (await as.sam.get("/api/sales")).json().items;
    expect(first).toMatchObject({
      id: samsOrders.at(-1),
      number: expect.stringMatching(NUMBER),
      productName: expect.stringMatching(/^Laptop /),
      buyerName: lastBuyer,
      buyerPhone: "01714000008",
      meetingLocation: "Gulshan 2 circle",
      status: "booked",
      nextStep: "Decline or wait for payment",
      can: expect.objectContaining({ decline: true, handOver: false, ship: false }),
    });
  });

  it("lists only the seller's own: another seller's buyers and phones are never in it", async () => {
    const sams = (await allPages(as.sam)).flatMap((p) => p.items) as unknown as { buyerPhone: string }[];
    expect(sams.map((s) => s.buyerPhone)).not.toContain("01999999999");
    const rafis = (await allPages(as.rafi)).flatMap((p) => p.items.map((i) => i.id));
    expect(rafis).toHaveLength(1);
    for (const id of samsOrders) expect(rafis).not.toContain(id);
  });

  it("filters by status", async () => {
    const declined = samsOrders.slice(0, 3);
    for (const id of declined) {
      expect((await as.sam.post(`/api/orders/${id}/decline`, { reason: "Sold it at the shop" })).statusCode).toBe(204);
    }
    const ids = (await allPages(as.sam, "status=declined")).flatMap((p) => p.items.map((i) => i.id));
    expect(ids.sort()).toEqual([...declined].sort());
    const booked = (await allPages(as.sam, "status=booked")).flatMap((p) => p.items.map((i) => i.id));
    for (const id of declined) expect(booked).not.toContain(id);
    for (const id of samsOrders.slice(3)) expect(booked).toContain(id);
  });

  it("refuses a cursor that is not one of ours, and a status that does not exist", async () => {
    expect((await as.sam.get("/api/sales?cursor=bm9wZQ")).statusCode).toBe(400);
    const res = await as.sam.get("/api/sales?status=lost");
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty("status");
  });
});

describe("declining a booking", () => {
  it("needs a reason the buyer can read: missing, blank or invisible is refused naming the field", async () => {
    const buyer = await newBuyer();
    const id = await book(buyer.http, (await laptop()).id);
    for (const reason of [undefined, "", "   ", "\u200B\u200B \u2060"]) {
      const res = await as.sam.post(`/api/orders/${id}/decline`, reason === undefined ? {} : { reason });
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
      expect(res.json().fields.reason).toBe(DECLINE_REASON_REQUIRED);
    }
    const long = await as.sam.post(`/api/orders/${id}/decline`, { reason: "x".repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.reason).toBe("Keep it under 300 characters");
    expect((await buyer.http.get(`/api/orders/${id}`)).json().status).toBe("booked");
  });

  it("ends the booking, tells the buyer why, and the laptop can be booked again", async () => {
    const buyer = await newBuyer();
    const advert = await laptop();
    const id = await book(buyer.http, advert.id);
    const reason = "The screen cracked this morning, sorry.";
    expect((await as.sam.post(`/api/orders/${id}/decline`, { reason })).statusCode).toBe(204);

    const order = (await buyer.http.get(`/api/orders/${id}`)).json();
    expect(order.status).toBe("declined");
    expect(order.can).toMatchObject({ pay: false, cancel: false });
    expect(order.events.at(-1)).toMatchObject({ who: "Sam Seller", what: "Declined the booking", note: reason });

    const { items } = await t.services.notifications.list(buyer.user);
    expect(items[0]).toMatchObject({
      kind: "order.declined",
      title: `Booking declined: ${advert.name}`,
      link: `/dashboard/orders/${id}`,
    });
    // The reason ends with its own full stop: quoted, it is not followed by a second one.
    expect(items[0]?.body).toBe(
      `The seller’s reason: “The screen cracked this morning, sorry.” Nothing was charged. Order ${order.number}.`,
    );
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, buyer.user.id));
    expect(emails.map((e) => e.kind)).toContain("order.declined");

    // Bookable again: by another buyer, and by the same one.
    const other = await newBuyer();
    await book(other.http, advert.id);
    await book(buyer.http, advert.id);
  });

  it("respects the buyer's choice of no email for it", async () => {
    const buyer = await newBuyer();
    expect(
      (await buyer.http.raw("PUT", "/api/me/email-preferences", { kind: "order.declined", email: false })).statusCode,
    ).toBeLessThan(300);
    const id = await book(buyer.http, (await laptop()).id);
    expect((await as.sam.post(`/api/orders/${id}/decline`, { reason: "Not for sale after all" })).statusCode).toBe(204);
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.userId, buyer.user.id));
    expect(emails.map((e) => e.kind)).not.toContain("order.declined");
    expect((await t.services.notifications.list(buyer.user)).items[0]?.kind).toBe("order.declined");
  });

  it("refuses a paid order with why, and another seller's order as not found", async () => {
    const buyer = await newBuyer();
    const id = await book(buyer.http, (await laptop()).id);
    expect((await as.rafi.post(`/api/orders/${id}/decline`, { reason: "Mine now" })).statusCode).toBe(404);
    const paid = await buyer.http.post(`/api/orders/${id}/pay`, { ...GOOD, attemptKey: `sales-${id}` });
    expect(paid.statusCode, paid.body).toBe(200);
    const res = await as.sam.post(`/api/orders/${id}/decline`, { reason: "Changed my mind" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Only a booking that is not paid can be declined.");
    expect((await as.sam.get("/api/sales?status=paid")).json().items[0]).toMatchObject({
      id,
      nextStep: "Paid — hand the laptop over",
      can: expect.objectContaining({ decline: false, handOver: true, ship: false }),
    });
  });
});
