import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adverts, emailOutbox, savedSearches, savedSearchMatches } from "../../db/schema/index.ts";
import { createAdvert, createBrand } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { signedInCast } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * What needs doing (GET /api/me/to-do, the dashboard's home): each person's own counts for their role, moving
 * as orders are booked, paid and handed over, messages sent, adverts reported, emails fail.
 */

let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast<"sam" | "bea" | "ada" | "stan">>>;
let brandId: string;

const toDo = async (who: Client) => {
  const res = await who.get("/api/me/to-do");
  expect(res.statusCode).toBe(200);
  return res.json();
};
const laptop = () =>
  createAdvert(t, {
    sellerId: cast.users.sam.id,
    brandId,
    name: `ThinkPad ${Math.random().toString(36).slice(2, 6)}`,
    resalePriceCents: 45_000,
  });

beforeAll(async () => {
  t = await startTestApp();
  brandId = (await createBrand(t, "Lenovo")).id;
  cast = await signedInCast(t, "sam", "bea", "ada", "stan");
});
afterAll(() => t?.close());

describe("GET /api/me/to-do", () => {
  it("gives each role its own list, all zero on a quiet marketplace", async () => {
    const { bea, sam, ada } = cast.clients;
    expect(await toDo(bea)).toEqual({
      role: "buyer",
      counts: { ordersToPay: 0, ordersToConfirm: 0, unreadMessages: 0, newMatches: 0 },
    });
    expect(await toDo(sam)).toEqual({
      role: "seller",
      counts: { bookingsToAnswer: 0, ordersToHandOver: 0, openDisputes: 0, unreadMessages: 0 },
    });
    expect((await toDo(ada)).role).toBe("admin");
    expect((await cast.clients.bea.get("/api/me/to-do").then((r) => r.json())).counts).not.toHaveProperty(
      "heldAdverts",
    );
  });

  it("refuses a visitor, and an admin's counts to anyone but an admin", async () => {
    const { client } = await import("../support/http.ts");
    expect((await client(t).get("/api/me/to-do")).statusCode).toBe(401);
    const bea = { ...cast.users.bea, actingAsSeller: false };
    await expect(t.services.moderation.toDo(bea as never)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(t.services.notifications.failedEmailsCount(bea as never)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(t.services.disputes.countOpen(bea as never)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("moves as an order is booked, paid and handed over — for its buyer and its seller, nobody else", async () => {
    const { bea, sam, stan } = cast.clients;
    const a = await laptop();
    const booked = await bea.post("/api/orders", {
      advertId: a.id,
      meetingLocation: "Gulshan 2",
      phone: "01712345678",
    });
    expect(booked.statusCode).toBe(201);
    const orderId = booked.json().id as string;
    expect((await toDo(bea)).counts).toMatchObject({ ordersToPay: 1, ordersToConfirm: 0 });
    expect((await toDo(sam)).counts).toMatchObject({ bookingsToAnswer: 1, ordersToHandOver: 0 });
    expect((await toDo(stan)).counts).toMatchObject({ ordersToPay: 0, ordersToConfirm: 0 });

    const paid = await bea.post(`/api/orders/${orderId}/pay`, {
      cardNumber: "4242 4242 4242 4242",
      expiry: "12 / 34",
      cvc: "123",
      attemptKey: `attempt-${orderId.slice(0, 8)}`,
    });
    expect(paid.statusCode).toBe(200);
    expect((await toDo(bea)).counts).toMatchObject({ ordersToPay: 0, ordersToConfirm: 1 });
    expect((await toDo(sam)).counts).toMatchObject({ bookingsToAnswer: 0, ordersToHandOver: 1 });

    expect((await sam.post(`/api/orders/${orderId}/handed-over`)).statusCode).toBe(204);
    expect((await toDo(bea)).counts).toMatchObject({ ordersToPay: 0, ordersToConfirm: 0 });
    expect((await toDo(sam)).counts).toMatchObject({ ordersToHandOver: 0 });
  });

  it("counts unread messages for the one they were sent to", async () => {
    const { bea, sam } = cast.clients;
    const a = await laptop();
    const sent = await bea.post("/api/conversations", { advertId: a.id, body: "Is the battery original?" });
    expect(sent.statusCode).toBe(201);
    expect((await toDo(sam)).counts.unreadMessages).toBe(1);
    expect((await toDo(bea)).counts.unreadMessages).toBe(0);
  });

  it("counts a buyer's saved-search matches of the last week", async () => {
    const { bea } = cast.clients;
    const a = await laptop();
    const [search] = await t.db
      .insert(savedSearches)
      .values({ userId: cast.users.bea.id, name: "ThinkPads", q: "thinkpad" })
      .returning();
    const savedSearchId = search?.id as string;
    await t.db.insert(savedSearchMatches).values([
      { savedSearchId, advertId: a.id, userId: cast.users.bea.id },
      // A month old: not new any more.
      {
        savedSearchId,
        advertId: (await laptop()).id,
        userId: cast.users.bea.id,
        matchedAt: new Date(Date.now() - 30 * 86_400_000),
      },
    ]);
    expect((await toDo(bea)).counts.newMatches).toBe(1);
  });

  it("gives admins the review queue, reported things, open disputes and failed emails", async () => {
    const { ada, bea } = cast.clients;
    const before = (await toDo(ada)).counts;
    const reported = await laptop();
    expect((await bea.post("/api/reports", { advertId: reported.id, reason: "Scam or fraud" })).statusCode).toBe(201);
    const held = await laptop();
    await t.db.update(adverts).set({ status: "pending_review", flaggedAt: new Date() }).where(eq(adverts.id, held.id));
    await t.db.insert(emailOutbox).values({
      kind: "order.booked",
      toAddress: "someone@x.test",
      subject: "A booking",
      payload: { params: {}, to: { id: "x", name: "Someone", email: "someone@x.test" } },
      status: "failed",
    });
    expect((await toDo(ada)).counts).toEqual({
      ...before,
      heldAdverts: before.heldAdverts + 1,
      openReports: before.openReports + 1,
      failedEmails: before.failedEmails + 1,
    });
  });

  it("shows admins each seller's record on All Sellers, in the list's one query", async () => {
    const { ada } = cast.clients;
    const sellers = (await ada.get("/api/sellers")).json().people;
    const sam = sellers.find((p: { email: string }) => p.email === "sam@x.test");
    const posted = await t.db.$count(adverts, eq(adverts.sellerId, cast.users.sam.id));
    expect(sam.record).toEqual({ adverts: posted, completedSales: 0, reports: 1, since: expect.any(String) });
    // Buyers have no seller's record.
    expect((await ada.get("/api/buyers")).json().people[0]).not.toHaveProperty("record");
  });
});

describe("GET /api/email-delivery's filters", () => {
  it("filters by recipient (any case), kind and status, in keyset pages", async () => {
    const { ada } = cast.clients;
    const payload = { params: {}, to: { id: "x", name: "Filtered", email: "Filtered@x.test" } };
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.db.insert(emailOutbox).values([
      {
        kind: "order.booked",
        toAddress: "Filtered@x.test",
        subject: "One",
        payload,
        status: "failed",
        createdAt: at(3),
      },
      { kind: "order.paid", toAddress: "Filtered@x.test", subject: "Two", payload, status: "sent", createdAt: at(2) },
      {
        kind: "order.booked",
        toAddress: "Filtered@x.test",
        subject: "Three",
        payload,
        status: "failed",
        createdAt: at(1),
      },
    ]);
    const list = async (query: string) => {
      const res = await ada.get(`/api/email-delivery?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { emails: { subject: string }[]; next: string | null };
    };
    expect((await list("to=filtered%40x.test")).emails.map((e) => e.subject)).toEqual(["Three", "Two", "One"]);
    expect((await list("to=filtered%40x.test&status=failed")).emails.map((e) => e.subject)).toEqual(["Three", "One"]);
    expect((await list("to=filtered%40x.test&kind=order.paid")).emails.map((e) => e.subject)).toEqual(["Two"]);
    const first = await list("to=filtered%40x.test&limit=2");
    expect(first.emails.map((e) => e.subject)).toEqual(["Three", "Two"]);
    const second = await list(`to=filtered%40x.test&limit=2&cursor=${first.next}`);
    expect(second).toEqual({ emails: [expect.objectContaining({ subject: "One" })], next: null });
  });

  it("refuses a filter that is not one with a 400 naming its field", async () => {
    const { ada, bea } = cast.clients;
    const bad = await ada.get("/api/email-delivery?status=lost");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty("status");
    const kind = await ada.get("/api/email-delivery?kind=order.nothing");
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fields).toHaveProperty("kind");
    expect((await ada.get("/api/email-delivery?to=not-an-address")).json().fields).toHaveProperty("to");
    expect((await bea.get("/api/email-delivery?status=failed")).statusCode).toBe(403);
  });
});
