import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderRow } from "../../core/notifications/index.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import { CONVERSATION_MESSAGES as M } from "../../schemas/conversations.ts";
import type { Role } from "../../schemas/values.ts";
import { createAdvert, createBrand } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { signedInPerson } from "../support/people.ts";
import { PUBLIC_URL, type TestApp } from "../support/test-app.ts";

/** The conversation pages as a browser without JavaScript uses them: links and plain form posts. */
let t: TestApp;
let brandId: string;
const SCRIPT = `<script>alert("x")</script><img src=x onerror=alert(1)> see https://example.com/a?b=1`;

const person = (role: Role = "user") => signedInPerson(t, role);
/** A new seller, a laptop of theirs for sale, and a new buyer. */
async function sellerBuyerAndLaptop(name: string, resalePriceCents: number) {
  const seller = await person("seller");
  const buyer = await person();
  const advert = await createAdvert(t, { sellerId: seller.user.id, brandId, name, resalePriceCents });
  return { seller, buyer, advert };
}

beforeAll(async () => {
  t = await startPageApp(
    {},
    {
      log: () => {},
      messageLimits: { messages: { limit: 6, windowMs: 60_000 }, conversations: { limit: 10, windowMs: 60_000 } },
    },
  );
  brandId = (await createBrand(t, "HP")).id;
});
afterAll(() => closePageApp(t));

describe("Message seller, without JavaScript", () => {
  it("takes a visitor to the login page and back; the buyer's first message opens the one conversation", async () => {
    const { seller, buyer, advert } = await sellerBuyerAndLaptop("EliteBook 840", 40_000);
    const visitorPage = await client(t).get(`/laptops/${advert.id}`);
    expect(visitorPage.body).toContain(`href="/dashboard/messages/new?advert=${advert.id}"`);
    expect(visitorPage.body).toContain("Message seller");
    const visitor = await client(t).get(`/dashboard/messages/new?advert=${advert.id}`);
    expect(visitor.statusCode).toBe(302);
    // The login page says why: the laptop's id, which it names as "Log in to message <seller>".
    expect(visitor.headers.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/dashboard/messages/new?advert=${advert.id}`)}&reason=message&about=${advert.id}`,
    );
    // The seller sees no such button on their own laptop.
    expect((await seller.http.get(`/laptops/${advert.id}`)).body).not.toContain("Message seller");
    // An admin who opens the page is told why at once, instead of a box whose message would be refused.
    const admin = await person("admin");
    const refused = await admin.http.get(`/dashboard/messages/new?advert=${advert.id}`);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain(M.admins);
    expect(refused.body).not.toContain("<textarea");

    const url = `/dashboard/messages/new?advert=${advert.id}`;
    expect((await buyer.http.get(url)).body).toContain(">Message</label>");
    const empty = await buyer.http.form(url, { intent: "send", body: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(M.empty);
    const long = "Hello ".repeat(400);
    const tooLong = await buyer.http.form(url, { intent: "send", body: long });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(M.tooLong);
    expect(tooLong.body).toContain(long.trim()); // what was typed stays in the box

    const sent = await buyer.http.form(url, { intent: "send", body: SCRIPT });
    expect(sent.statusCode).toBe(302);
    const page = sent.headers.location as string;
    expect(page).toMatch(/^\/dashboard\/messages\/[0-9a-f-]{36}$/);
    const again = await buyer.http.get(url);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(page);

    // Stored markup is inert on every page: the seller's conversation, the inbox, the notification list.
    const sellerInbox = await seller.http.get("/dashboard/messages");
    expect(sellerInbox.body).toContain('aria-label="Messages, 1 unread"');
    expect(sellerInbox.body).toContain("1 unread");
    const thread = await seller.http.get(page);
    const notices = await seller.http.get("/dashboard/notifications");
    for (const html of [sellerInbox.body, thread.body, notices.body]) {
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;script&gt;alert");
    }
    expect(thread.body).toContain('href="https://example.com/a?b=1" rel="nofollow ugc noopener noreferrer"');
    expect(thread.body).toContain("EliteBook 840");
    expect(thread.body).toContain("Available");
    // And in the email.
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, seller.user.id), eq(emailOutbox.kind, "message.new")));
    if (!row) throw new Error("no email");
    const email = renderRow(row, { publicUrl: PUBLIC_URL, secret: "test-secret-test-secret-test-secret-0123" });
    expect(email.html).not.toContain("<script>alert");
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).toContain("&#60;script&#62;");

    // The seller answers by a plain form post that comes back to the page; the buyer sees it, and Seen.
    const answer = await seller.http.form(page, { intent: "send", body: "Yes, still for sale." });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(page);
    const buyerView = await buyer.http.get(page);
    expect(buyerView.body).toContain("Yes, still for sale.");
    expect(buyerView.body).toContain('aria-label="Messages"');
    await buyer.http.form(page, { intent: "send", body: "Great" });
    await seller.http.get(page);
    expect((await buyer.http.get(page)).body).toContain(">Seen<");
  });

  it("a refused message (too many) says why under the box and keeps the text", async () => {
    const { buyer, advert } = await sellerBuyerAndLaptop("Envy", 1);
    const { id } = await t.services.conversations.start(buyer.user, { advertId: advert.id, body: "1" });
    const page = `/dashboard/messages/${id}`;
    for (let i = 2; i <= 6; i++) await buyer.http.form(page, { intent: "send", body: `${i}` });
    const refused = await buyer.http.form(page, { intent: "send", body: "Typed with care" });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain("You can send at most 6 messages a minute");
    expect(refused.body).toContain("Typed with care</textarea>");
    // When to try again, as the API says it: the page's answer and the one its script fetches alike.
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const fetched = await buyer.http.form(`${page}.data`, { intent: "send", body: "Again" });
    expect(fetched.statusCode).toBe(429);
    expect(Number(fetched.headers["retry-after"])).toBeLessThanOrEqual(60);
  });

  it("a new conversation refused (10 started this hour) says why under the box and keeps the text", async () => {
    // This file's app allows 6 messages a minute, and every first message counts as one: another app with the
    // limits people get (30 messages a minute, 10 new conversations an hour).
    const own = await startPageApp({}, { log: () => {} });
    try {
      const seller = await signedInPerson(own, "seller");
      const buyer = await signedInPerson(own);
      const ownBrand = (await createBrand(own, "Asus")).id;
      const laptop = (name: string) =>
        createAdvert(own, { sellerId: seller.user.id, brandId: ownBrand, name, resalePriceCents: 30_000 });
      const earlier: string[] = [];
      for (let i = 1; i <= 10; i++) {
        const started = await buyer.http.post("/api/conversations", {
          advertId: (await laptop(`VivoBook ${i}`)).id,
          body: `Question ${i}`,
        });
        expect(started.statusCode, started.body).toBe(201);
        earlier.push(started.json().id);
      }
      const advert = await laptop("ZenBook 14");
      const url = `/dashboard/messages/new?advert=${advert.id}`;
      expect((await buyer.http.get(url)).statusCode).toBe(200);
      const typed = "Is the battery original? I can meet in Gulshan on Friday.";
      const refused = await buyer.http.form(url, { intent: "send", body: typed });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(59 * 60);
      const fetched = await buyer.http.form(`/dashboard/messages/new.data?advert=${advert.id}`, {
        intent: "send",
        body: typed,
      });
      expect([fetched.statusCode, Number(fetched.headers["retry-after"]) > 59 * 60]).toEqual([429, true]);
      expect(refused.body).toMatch(
        /You can start at most 10 conversations an hour\. Wait \d+ minutes, or write in one you have\./,
      );
      expect(refused.body).toContain(`${typed}</textarea>`);
      // No conversation about it was made; writing in one already started still works, by the same form.
      expect((await buyer.http.get(url)).statusCode).toBe(200);
      const inOne = await buyer.http.form(`/dashboard/messages/${earlier[0]}`, {
        intent: "send",
        body: "Still there?",
      });
      expect(inOne.statusCode).toBe(302);
    } finally {
      await own.close();
    }
  });

  it("a message posted to an id that is no conversation's is not found, and costs nothing against the limit", async () => {
    const buyer = await person();
    for (const junk of ["not-an-id", "1", "x".repeat(40), "not-an-id", "1", "2", "3"]) {
      const res = await buyer.http.form(`/dashboard/messages/${junk}`, { intent: "send", body: "Hi" });
      expect(res.statusCode).toBe(404);
    }
  });

  it("blocking and reporting by form; admins read a conversation only once reported", async () => {
    const { seller, buyer, advert } = await sellerBuyerAndLaptop("Spectre", 1);
    const admin = await person("admin");
    const { id } = await t.services.conversations.start(buyer.user, { advertId: advert.id, body: "Cheap?" });
    const page = `/dashboard/messages/${id}`;
    expect((await admin.http.get(page)).statusCode).toBe(404);
    expect((await (await person()).http.get(page)).statusCode).toBe(404);

    expect((await seller.http.form(page, { intent: "block" })).statusCode).toBe(302);
    const blocked = await buyer.http.get(page);
    expect(blocked.body).toContain(M.blocked);
    expect(blocked.body).not.toContain(">Send</button>");

    expect((await buyer.http.form(page, { intent: "report", reason: "Scam or fraud" })).statusCode).toBe(302);
    const reported = await admin.http.get("/dashboard/reported-items");
    expect(reported.body).toContain("Reported conversations");
    expect(reported.body).toContain(`href="${page}"`);
    const read = await admin.http.get(page);
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain("Cheap?");
    expect(read.body).toContain('href="/dashboard/reported-items"');
    // Dismissing from the conversation itself: only an admin's, and back to Reported Items with it gone.
    const refused = await buyer.http.form(page, { intent: "dismiss" });
    expect([refused.statusCode, refused.headers.location]).toEqual([302, "/"]);
    expect((await admin.http.get("/dashboard/reported-items")).body).toContain(`href="${page}"`);
    const dismissed = await admin.http.form(page, { intent: "dismiss" });
    expect(dismissed.statusCode).toBe(302);
    expect(dismissed.headers.location).toBe("/dashboard/reported-items");
    expect((await admin.http.get("/dashboard/reported-items")).body).not.toContain(`href="${page}"`);
    const after = await admin.http.get(page);
    expect(after.body).toContain("Its reports were dismissed.");
    expect(after.body).not.toContain("Dismiss its reports");
    // A second admin's Dismiss, sent before the page learnt of the first: the reason, not a missing page.
    const again = await admin.http.form(page, { intent: "dismiss" });
    expect(again.body).toContain("There are no open reports for this conversation.");
  });

  it("My Orders names each order's seller with a link to their page, and a way to message them", async () => {
    const { seller, buyer, advert } = await sellerBuyerAndLaptop("ProBook", 1);
    await t.services.orders.book(buyer.user, { advertId: advert.id, meetingLocation: "Dhaka", phone: "01712345678" });
    const orders = await buyer.http.get("/dashboard/my/orders");
    expect(orders.body).toContain(`href="/sellers/${seller.user.id}"`);
    expect(orders.body).toContain(seller.user.name);
    expect(orders.body).toContain(`href="/dashboard/messages/new?advert=${advert.id}"`);
  });
});
