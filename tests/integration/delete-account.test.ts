import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unsubscribeToken } from "../../core/notifications/index.ts";
import {
  accountEvents,
  accounts,
  adverts,
  emailOutbox,
  favourites,
  notifications,
  orders,
  savedSearches,
  sessions,
  users,
  verifications,
} from "../../db/schema/index.ts";
import { createAdvert, createBrand, createCompletedOrder, createPaidOrder, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { type Person, signedInPerson } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let brandId: string;

beforeAll(async () => {
  t = await startTestApp();
  brandId = (await createBrand(t, "Lenovo")).id;
});
afterAll(() => t?.close());

const laptop = (seller: Person, name = "ThinkPad T14") =>
  createAdvert(t, { sellerId: seller.user.id, brandId, name, resalePriceCents: 45_000 });
const deleteMe = (http: Client, password?: string) =>
  http.post("/api/me/delete", password === undefined ? {} : { password });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe("delete my account", () => {
  it("asks for the password, naming the field, and refuses a wrong one", async () => {
    const me = await signedInPerson(t);
    const missing = await deleteMe(me.http);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ password: "Type your password to delete your account" });
    const wrong = await deleteMe(me.http, "not-it");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: "That is not your password" });
    expect((await me.http.get("/api/me")).statusCode).toBe(200);
    expect((await client(t).post("/api/me/delete", { password: "Passw0rd!" })).statusCode).toBe(401);
  });

  it("takes five wrong passwords, then waits: a borrowed session cannot guess its way to the password", async () => {
    const me = await signedInPerson(t);
    for (let i = 0; i < 5; i++) expect((await deleteMe(me.http, `guess-${i}`)).statusCode).toBe(400);
    const waiting = await deleteMe(me.http, "Passw0rd!");
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers["retry-after"]).toBeDefined();
    expect((await userRow(me.user.id))?.deactivatedAt).toBeNull();
  });

  it("anonymises the account in one go: sessions, adverts, favourites, searches, notifications gone; messages and reviews kept as from 'Deleted user'", async () => {
    const seller = await signedInPerson(t, "seller");
    const me = await signedInPerson(t, "seller");
    const myLaptop = await laptop(me, "My old Yoga");
    const theirs = await laptop(seller, "Their XPS");
    // A finished purchase with its review, a conversation, a favourite, a saved search, an unpaid booking.
    const bought = await createCompletedOrder(t, me.user, theirs.id);
    const review = await me.http.post(`/api/orders/${bought.id}/review`, {
      rating: 4,
      body: "Good laptop, as described.",
    });
    expect(review.statusCode, review.body).toBe(201);
    const other = await laptop(seller, "Their Latitude");
    const conversation = (
      await me.http.post("/api/conversations", { advertId: other.id, body: "Is it still for sale?" })
    ).json().id as string;
    expect((await me.http.raw("PUT", `/api/favourites/${other.id}`)).statusCode).toBe(200);
    const search = await me.http.post("/api/saved-searches", { params: { q: "latitude" } });
    expect(search.statusCode, search.body).toBe(201);
    const booked = (
      await me.http.post("/api/orders", { advertId: other.id, meetingLocation: "Banani", phone: "01712345678" })
    ).json().id as string;
    const second = client(t);
    await second.signIn(me.email);
    // A reset link asked for before, and an unsubscribe link from an old email.
    expect((await client(t).post("/api/auth/request-password-reset", { email: me.email })).statusCode).toBe(200);
    expect(await t.db.select().from(verifications).where(eq(verifications.value, me.user.id))).not.toHaveLength(0);
    const unsubscribe = `/api/notifications/unsubscribe?token=${unsubscribeToken(t.config.authSecret, me.user.id, "order.bookingEnded")}`;

    const res = await deleteMe(me.http, "Passw0rd!");
    expect(res.statusCode, res.body).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/=;|Max-Age=0/);

    // Signed out everywhere, at once; no way back in.
    expect((await me.http.get("/api/me")).statusCode).toBe(401);
    expect((await second.get("/api/me")).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, me.user.id))).toEqual([]);
    expect(
      (await client(t).post("/api/auth/sign-in/email", { email: me.email, password: "Passw0rd!" })).statusCode,
    ).not.toBe(200);
    expect(await t.db.select().from(verifications).where(eq(verifications.value, me.user.id))).toEqual([]);
    const refused = await client(t).raw("POST", unsubscribe, "List-Unsubscribe=One-Click", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(refused.statusCode).toBe(404);

    expect(await userRow(me.user.id)).toMatchObject({
      name: "Deleted user",
      email: `deleted-${me.user.id}@invalid`,
      emailVerified: false,
      deactivatedAt: expect.any(Date),
    });
    const [advert] = await t.db.select().from(adverts).where(eq(adverts.id, myLaptop.id));
    expect(advert).toMatchObject({ status: "withdrawn", mobile: "" });
    expect(await t.db.select().from(favourites).where(eq(favourites.userId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, me.user.id))).toEqual([]);
    // Their unpaid booking ended; the finished order stays, without their name, address or phone.
    const [ended] = await t.db.select().from(orders).where(eq(orders.id, booked));
    expect(ended?.status).toBe("cancelled");
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, bought.id));
    expect(kept).toMatchObject({ status: "completed", buyerName: "Deleted user", buyerPhone: "" });

    // The other person still reads the conversation, from "Deleted user"; the review stays, without the name.
    const read = (await seller.http.get(`/api/conversations/${conversation}`)).json();
    expect(read.messages[0]).toMatchObject({ body: "Is it still for sale?", sender: { name: "Deleted user" } });
    const reviews = (await client(t).get(`/api/sellers/${seller.user.id}/reviews`)).json();
    expect(reviews.reviews).toEqual([expect.objectContaining({ authorName: "Deleted user", rating: 4 })]);

    // The confirmation goes to the old address, kept on its outbox row; the owner's own deletion is recorded.
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, me.user.id), eq(emailOutbox.kind, "account.deleted")));
    expect(mail).toMatchObject({ toAddress: me.email, subject: "Your ReLaptop account is deleted" });
    expect(await t.db.select().from(accountEvents).where(eq(accountEvents.userId, me.user.id))).toContainEqual(
      expect.objectContaining({ action: "delete-account" }),
    );
  });

  it("is refused while an order is not finished, naming it, or while a balance is not paid out", async () => {
    const seller = await signedInPerson(t, "seller");
    const buyer = await signedInPerson(t);
    const paid = await createPaidOrder(t, buyer.user, {
      advertId: (await laptop(seller)).id,
      meetingLocation: "Dhanmondi",
      phone: "01712345678",
    });
    const [{ number } = { number: "" }] = await t.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, paid.id));
    for (const who of [buyer, seller]) {
      const res = await deleteMe(who.http, "Passw0rd!");
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `Your account cannot be deleted while an order is not finished: ${number}. Finish it first.`,
      );
      expect((await who.http.get("/api/me")).statusCode).toBe(200);
    }
    // Received and accepted: the buyer may go; the seller's share is not paid out yet.
    await t.services.orders.confirmReceipt(buyer.user, paid.id);
    await t.services.orders.accept(buyer.user, paid.id);
    const owed = await deleteMe(seller.http, "Passw0rd!");
    expect(owed.statusCode).toBe(409);
    expect(owed.json().message).toMatch(
      /^Your account cannot be deleted while \$[\d,.]+ of your sales is not yet paid out/,
    );
    expect((await deleteMe(buyer.http, "Passw0rd!")).statusCode).toBe(204);
  });

  it("an account without a password needs a fresh sign-in", async () => {
    const me = await signedInPerson(t);
    // As a Google account: no password of its own.
    await t.db.update(accounts).set({ password: null }).where(eq(accounts.userId, me.user.id));
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.userId, me.user.id));
    const stale = await deleteMe(me.http);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe(
      "For your safety, sign in again (within 10 minutes) before deleting your account.",
    );
    await t.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, me.user.id));
    expect((await deleteMe(me.http)).statusCode).toBe(204);
    expect((await userRow(me.user.id))?.name).toBe("Deleted user");
  });
});

describe("deleting at the same moment", () => {
  it("twice (the owner and an admin) ends in one deleted account, one confirmation", async () => {
    const admin = await signedInPerson(t, "admin");
    for (let round = 0; round < 3; round++) {
      const me = await signedInPerson(t, "seller");
      await laptop(me);
      const [own, byAdmin] = await Promise.all([
        deleteMe(me.http, "Passw0rd!"),
        admin.http.raw("DELETE", `/api/users/${me.user.id}`),
      ]);
      // The owner's request finds the account deleted by then (no session: 401) or deletes it, or finds it done.
      expect(byAdmin.statusCode).toBe(204);
      expect([204, 401]).toContain(own.statusCode);
      const mails = await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.userId, me.user.id), eq(emailOutbox.kind, "account.deleted")));
      expect(mails).toHaveLength(1);
      expect((await userRow(me.user.id))?.name).toBe("Deleted user");
      const live = await t.db
        .select()
        .from(adverts)
        .where(and(eq(adverts.sellerId, me.user.id), eq(adverts.status, "available")));
      expect(live).toEqual([]);
    }
  });

  it("and a booking by the same person: no booking outlives the account", async () => {
    const seller = await signedInPerson(t, "seller");
    for (let round = 0; round < 4; round++) {
      const me = await signedInPerson(t);
      const advert = await laptop(seller);
      const [booking, deletion] = await Promise.all([
        me.http.post("/api/orders", { advertId: advert.id, meetingLocation: "Mirpur", phone: "01712345678" }),
        deleteMe(me.http, "Passw0rd!"),
      ]);
      expect(deletion.statusCode, deletion.body).toBe(204);
      expect([201, 401]).toContain(booking.statusCode);
      const open = await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.buyerId, me.user.id), eq(orders.status, "booked")));
      expect(open).toEqual([]);
    }
  });

  it("and a booking of the person's laptop: the booking ends with the advert, or is refused", async () => {
    const admin = await signedInPerson(t, "admin");
    const buyer = await signedInPerson(t);
    for (let round = 0; round < 4; round++) {
      const me = await signedInPerson(t, "seller");
      const advert = await laptop(me);
      const [booking, deletion] = await Promise.all([
        buyer.http.post("/api/orders", { advertId: advert.id, meetingLocation: "Mirpur", phone: "01712345678" }),
        admin.http.raw("DELETE", `/api/users/${me.user.id}`),
      ]);
      expect(deletion.statusCode, deletion.body).toBe(204);
      expect([201, 404]).toContain(booking.statusCode);
      const open = await t.db
        .select()
        .from(orders)
        .where(and(eq(orders.sellerId, me.user.id), eq(orders.status, "booked")));
      expect(open).toEqual([]);
    }
  });
});

describe("an admin deleting someone", () => {
  it("takes the same path: anonymised, confirmed by email, recorded", async () => {
    const admin = await signedInPerson(t, "admin");
    const victim = await createUser(t, { name: "Val Victim", email: "val@x.test" });
    expect((await admin.http.raw("DELETE", `/api/users/${victim.id}`)).statusCode).toBe(204);
    expect(await userRow(victim.id)).toMatchObject({ name: "Deleted user", email: `deleted-${victim.id}@invalid` });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, victim.id), eq(emailOutbox.kind, "account.deleted")));
    expect(mail?.toAddress).toBe("val@x.test");
    // Deleting again changes nothing.
    expect((await admin.http.raw("DELETE", `/api/users/${victim.id}`)).statusCode).toBe(204);
  });
});
