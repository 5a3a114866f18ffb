import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { adminActions, emailOutbox, notifications } from "../../db/schema/index.ts";
import { CONVERSATION_MESSAGES as M } from "../../schemas/conversations.ts";
import { PRIVATE_EMAIL_SUBJECT } from "../../schemas/notification-labels.ts";
import type { Role } from "../../schemas/values.ts";
import { createAdvert, createBrand } from "../../seed/factories.ts";
import { eventsOf } from "../support/event-stream.ts";
import { bookToMeet } from "../support/http.ts";
import { type Person, signedInPerson } from "../support/people.ts";
import { itAcrossProcesses, listening, testAppForTests } from "../support/test-app.ts";

/** Conversations over the API, on both databases: every rule a buyer, a seller or an admin would notice. */
const t = testAppForTests({}, { log: () => {} });
let brandId: string;
let n = 0;

const person = (role: Role = "user") => signedInPerson(t, role);

const laptop = (seller: Person, name = `Laptop ${++n}`) =>
  createAdvert(t, { sellerId: seller.user.id, brandId, name, resalePriceCents: 50_000 });

async function ask(buyer: Person, advertId: string, body = "Is it still available?") {
  const res = await buyer.http.post("/api/conversations", { advertId, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

beforeAll(async () => {
  brandId = (await createBrand(t, "Dell")).id;
});

describe("starting a conversation", () => {
  it("opens the one conversation about a laptop between its buyer and seller, both see it", async () => {
    const seller = await person("seller");
    const buyer = await person();
    const advert = await laptop(seller, "XPS 13");
    const id = await ask(buyer, advert.id, "Hello, is the battery good?");
    expect(await ask(buyer, advert.id, "And the screen?")).toBe(id);

    const sellerInbox = (await seller.http.get("/api/conversations")).json();
    expect(sellerInbox.items).toHaveLength(1);
    expect(sellerInbox.items[0]).toMatchObject({
      id,
      role: "seller",
      advert: { id: advert.id, name: "XPS 13" },
      other: { id: buyer.user.id, name: buyer.user.name },
      preview: "And the screen?",
      lastFromMe: false,
      unread: 2,
    });
    expect((await seller.http.get("/api/conversations/unread-count")).json()).toEqual({ unread: 2 });
    const buyerInbox = (await buyer.http.get("/api/conversations")).json();
    expect(buyerInbox.items[0]).toMatchObject({ id, role: "buyer", lastFromMe: true, unread: 0 });

    const thread = (await buyer.http.get(`/api/conversations/${id}`)).json();
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual([
      "Hello, is the battery good?",
      "And the screen?",
    ]);
    expect(thread).toMatchObject({ viewer: "buyer", canWrite: true, notice: null, advert: { status: "available" } });
  });

  it("refuses my own laptop, admins, and laptops that are gone", async () => {
    const seller = await person("seller");
    const admin = await person("admin");
    const advert = await laptop(seller);
    const own = await seller.http.post("/api/conversations", { advertId: advert.id, body: "Hi me" });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(M.ownLaptop);
    // Acting as a buyer changes nothing: the laptop is still their own, to message about or to book.
    await seller.http.raw("PUT", "/api/me/acting-mode", { mode: "user" });
    const asUser = await seller.http.post("/api/conversations", { advertId: advert.id, body: "Hi me" });
    expect(asUser.statusCode).toBe(409);
    expect(asUser.json().message).toBe(M.ownLaptop);
    const booked = await bookToMeet(seller.http, advert.id, "Banani");
    expect(booked.statusCode).toBe(409);
    expect((await admin.http.post("/api/conversations", { advertId: advert.id, body: "Hi" })).statusCode).toBe(403);
    const gone = await createAdvert(t, {
      sellerId: seller.user.id,
      brandId,
      name: "Gone",
      resalePriceCents: 100,
      status: "withdrawn",
    });
    const buyer = await person();
    expect((await buyer.http.post("/api/conversations", { advertId: gone.id, body: "Hi" })).statusCode).toBe(404);
    expect(
      (await buyer.http.post("/api/conversations", { advertId: crypto.randomUUID(), body: "Hi" })).statusCode,
    ).toBe(404);
  });

  it("lets a seller acting as a user write as a buyer about someone else's laptop", async () => {
    const seller = await person("seller");
    const other = await person("seller");
    await other.http.raw("PUT", "/api/me/acting-mode", { mode: "user" });
    const id = await ask(other, (await laptop(seller)).id);
    expect((await other.http.get(`/api/conversations/${id}`)).json().viewer).toBe("buyer");
  });
});

describe("what a message may be", () => {
  it("is plain text of 1 to 2,000 characters, stored as typed and never as markup", async () => {
    const seller = await person("seller");
    const buyer = await person();
    const id = await ask(buyer, (await laptop(seller)).id);
    for (const body of ["", "   \n ", "x".repeat(2001), "😀".repeat(2001)]) {
      const res = await buyer.http.post(`/api/conversations/${id}/messages`, { body });
      expect(res.statusCode, body.slice(0, 10)).toBe(400);
      expect(res.json().fields.body).toBe(body.trim() ? M.tooLong : M.empty);
    }
    expect((await buyer.http.post(`/api/conversations/${id}/messages`, { body: "😀".repeat(2000) })).statusCode).toBe(
      201,
    );
    const script = `<script>alert(1)</script><img src=x onerror=alert(2)> https://example.com/?a=<b>`;
    expect((await buyer.http.post(`/api/conversations/${id}/messages`, { body: script })).statusCode).toBe(201);
    const thread = (await seller.http.get(`/api/conversations/${id}`)).json();
    expect(thread.messages.at(-1).body).toBe(script);
  });

  it("says something: spaces and invisible characters alone are an empty message, to start one or in one", async () => {
    const seller = await person("seller");
    const buyer = await person();
    const advert = await laptop(seller);
    const blanks = [
      "   \u200B\u200B  ",
      "\u200B\u200C\u200D\u2060\uFEFF",
      "\u202E\u2066\u2069 \u00AD",
      "\u3164\u2800\uFE0F",
    ];
    for (const body of blanks) {
      const started = await buyer.http.post("/api/conversations", { advertId: advert.id, body });
      expect([started.statusCode, started.json().fields], JSON.stringify(body)).toEqual([400, { body: M.empty }]);
    }
    const id = await ask(buyer, advert.id);
    for (const body of blanks) {
      const sent = await buyer.http.post(`/api/conversations/${id}/messages`, { body });
      expect([sent.statusCode, sent.json().fields], JSON.stringify(body)).toEqual([400, { body: M.empty }]);
    }
    // What shows is kept as typed, its joiners too: a family emoji and a Persian word.
    const joined = "👨\u200D👩\u200D👧 می\u200Cخواهم";
    expect((await buyer.http.post(`/api/conversations/${id}/messages`, { body: joined })).statusCode).toBe(201);
    const thread = (await seller.http.get(`/api/conversations/${id}`)).json();
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual(["Is it still available?", joined]);
  });
});

describe("privacy", () => {
  it("a conversation is readable only by its two people; admins only once it was reported", async () => {
    const seller = await person("seller");
    const buyer = await person();
    const stranger = await person();
    const admin = await person("admin");
    const id = await ask(buyer, (await laptop(seller)).id, "Private words");

    for (const who of [stranger, admin]) {
      expect((await who.http.get(`/api/conversations/${id}`)).statusCode).toBe(404);
      expect((await who.http.post(`/api/conversations/${id}/messages`, { body: "Hi" })).statusCode).toBe(404);
      expect((await who.http.post(`/api/conversations/${id}/block`)).statusCode).toBe(404);
      expect((await who.http.post(`/api/conversations/${id}/report`, { reason: "Other" })).statusCode).toBe(404);
      expect(JSON.stringify((await who.http.get("/api/conversations")).json())).not.toContain(id);
    }
    expect((await admin.http.get("/api/reported-conversations")).json().conversations).toEqual([]);
    // Nor on Email delivery: the seller's "New message from … about …" reads as its kind, not its people.
    const { emails } = await t.services.notifications.recentEmails(admin.user);
    const told = emails.filter((e) => e.to === seller.user.email && e.kind === "message.new");
    expect(told.map((e) => e.subject)).toEqual([PRIVATE_EMAIL_SUBJECT]);
    expect(JSON.stringify(emails)).not.toContain(buyer.user.name);

    expect((await seller.http.post(`/api/conversations/${id}/report`, { reason: "Scam or fraud" })).statusCode).toBe(
      201,
    );
    expect((await seller.http.post(`/api/conversations/${id}/report`, { reason: "Other" })).statusCode).toBe(409);
    const reported = (await admin.http.get("/api/reported-conversations")).json().conversations;
    expect(reported).toEqual([
      expect.objectContaining({ id, reports: [{ reporterName: seller.user.name, reason: "Scam or fraud" }] }),
    ]);
    const asAdmin = (await admin.http.get(`/api/conversations/${id}`)).json();
    expect(asAdmin).toMatchObject({ viewer: "admin", canWrite: false, openReports: 1 });
    // Its people are not told whether anyone's report is still open.
    expect((await buyer.http.get(`/api/conversations/${id}`)).json().openReports).toBe(0);
    expect(asAdmin.messages[0].body).toBe("Private words");
    // Reading it as an admin reads nothing for its people, and writing in it is not an admin's.
    expect((await seller.http.get("/api/conversations/unread-count")).json().unread).toBe(1);
    expect((await admin.http.post(`/api/conversations/${id}/messages`, { body: "Hi" })).statusCode).toBe(404);
    expect((await stranger.http.get(`/api/conversations/${id}`)).statusCode).toBe(404);

    expect((await admin.http.post(`/api/reported-conversations/${id}/dismissal`)).statusCode).toBe(204);
    expect((await admin.http.get("/api/reported-conversations")).json().conversations).toEqual([]);
    expect((await admin.http.get(`/api/conversations/${id}`)).json()).toMatchObject({
      viewer: "admin",
      openReports: 0,
    });

    // An admin's reading is on the admins' record, with who read it — once per admin and conversation in ten
    // minutes, however often the page reads itself again, older messages included; its people's reads are not.
    const readings = () =>
      t.db
        .select()
        .from(adminActions)
        .where(and(eq(adminActions.targetId, id), eq(adminActions.action, "read-reported-conversation")));
    expect(await readings()).toEqual([expect.objectContaining({ adminId: admin.user.id, targetType: "conversation" })]);
    expect((await readings())[0]?.summary).toContain(buyer.user.name);
    const secondAdmin = await person("admin");
    const older = encodeURIComponent(
      Buffer.from(`${Date.now() + 60_000}|${crypto.randomUUID()}`).toString("base64url"),
    );
    const page = await secondAdmin.http.get(`/api/conversations/${id}?before=${older}`);
    expect(page.json().messages.map((m: { body: string }) => m.body)).toEqual(["Private words"]);
    expect((await readings()).map((r) => r.adminId).sort()).toEqual([admin.user.id, secondAdmin.user.id].sort());
    // Ten minutes on, the same admin's reading is recorded again.
    await t.db
      .update(adminActions)
      .set({ at: sql`now() - interval '11 minutes'` })
      .where(eq(adminActions.targetId, id));
    expect((await admin.http.get(`/api/conversations/${id}`)).statusCode).toBe(200);
    expect(await readings()).toHaveLength(3);
  });
});

describe("reading", () => {
  it("opening a conversation reads it, and the writer sees Seen", async () => {
    const seller = await person("seller");
    const buyer = await person();
    const id = await ask(buyer, (await laptop(seller)).id);
    let mine = (await buyer.http.get(`/api/conversations/${id}`)).json().messages.at(-1);
    expect(mine).toMatchObject({ mine: true, seen: false });
    expect((await seller.http.get("/api/conversations/unread-count")).json().unread).toBe(1);
    const theirs = (await seller.http.get(`/api/conversations/${id}`)).json().messages.at(-1);
    expect(theirs).toMatchObject({ mine: false, sender: { name: buyer.user.name } });
    expect((await seller.http.get("/api/conversations/unread-count")).json().unread).toBe(0);
    mine = (await buyer.http.get(`/api/conversations/${id}`)).json().messages.at(-1);
    expect(mine.seen).toBe(true);
  });

  it.skipIf(process.env.TEST_DATABASE !== "postgres")(
    "a message sent while a page is being read stays unread: that page did not show it",
    async () => {
      const seller = await person("seller");
      const buyer = await person();
      const id = await ask(buyer, (await laptop(seller)).id, "Is it still available?");
      // The conversation's row held, as a message being sent holds it: the seller's page reads the messages,
      // then waits to mark them read while the buyer's next message is written and committed.
      const opened = await t.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from conversations where id = ${id} for update`);
        const opening = seller.http.get(`/api/conversations/${id}`);
        await vi.waitFor(
          async () => {
            const waiting = await t.db.execute(
              sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'update "conversations"%'`,
            );
            expect((waiting as unknown as { rows: unknown[] }).rows).toHaveLength(1);
          },
          { timeout: 5_000, interval: 20 },
        );
        await tx.execute(sql`
          with sent as (
            insert into messages (conversation_id, sender_id, body, created_at)
            values (${id}, ${buyer.user.id}, 'Still there?', clock_timestamp()) returning created_at)
          update conversations set last_message_at = sent.created_at, last_sender_id = ${buyer.user.id},
            last_preview = 'Still there?', seller_unread = seller_unread + 1 from sent where id = ${id}`);
        // Not the promise itself: the transaction would wait for the page, which waits for the transaction.
        return { opening };
      });
      expect((await opened.opening).json().messages.map((m: { body: string }) => m.body)).toEqual([
        "Is it still available?",
      ]);
      expect((await seller.http.get("/api/conversations/unread-count")).json().unread).toBe(2);
      const again = (await seller.http.get(`/api/conversations/${id}`)).json().messages;
      expect(again.map((m: { body: string }) => m.body)).toEqual(["Is it still available?", "Still there?"]);
      expect((await seller.http.get("/api/conversations/unread-count")).json().unread).toBe(0);
    },
  );

  it("pages the inbox by keyset, newest activity first, without skipping or repeating", async () => {
    const seller = await person("seller");
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await ask(await person(), (await laptop(seller)).id));
    // Activity moves a conversation to the top.
    await seller.http.post(`/api/conversations/${ids[0]}/messages`, { body: "Still there?" });
    const seen: string[] = [];
    let cursor = "";
    for (;;) {
      const page = (await seller.http.get(`/api/conversations?limit=10${cursor && `&cursor=${cursor}`}`)).json();
      seen.push(...page.items.map((c: { id: string }) => c.id));
      if (!page.next) break;
      cursor = page.next;
    }
    expect(seen).toEqual([ids[0], ...ids.slice(1).reverse()]);
    expect((await seller.http.get("/api/conversations?cursor=forged")).statusCode).toBe(400);
  });
});

describe("blocking and deleted accounts", () => {
  it("a block stops messages either way until lifted", async () => {
    const seller = await person("seller");
    const buyer = await person();
    const id = await ask(buyer, (await laptop(seller)).id);
    expect((await seller.http.post(`/api/conversations/${id}/block`)).statusCode).toBe(204);
    for (const who of [buyer, seller]) {
      const res = await who.http.post(`/api/conversations/${id}/messages`, { body: "Hello?" });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(M.blocked);
      expect((await who.http.get(`/api/conversations/${id}`)).json()).toMatchObject({
        canWrite: false,
        notice: M.blocked,
      });
    }
    // Not in another conversation between them either.
    const again = await buyer.http.post("/api/conversations", { advertId: (await laptop(seller)).id, body: "Hi" });
    expect(again.statusCode).toBe(403);
    expect((await buyer.http.raw("DELETE", `/api/conversations/${id}/block`)).statusCode).toBe(204);
    expect((await buyer.http.post(`/api/conversations/${id}/messages`, { body: "Hello?" })).statusCode).toBe(403);
    expect((await seller.http.raw("DELETE", `/api/conversations/${id}/block`)).statusCode).toBe(204);
    expect((await buyer.http.post(`/api/conversations/${id}/messages`, { body: "Hello?" })).statusCode).toBe(201);
  });

  it("no conversation with or from a deleted account", async () => {
    const seller = await person("seller");
    const buyer = await person();
    const admin = await person("admin");
    const advert = await laptop(seller);
    const id = await ask(buyer, advert.id);
    await t.services.moderation.people.deactivate(admin.user, buyer.user.id);
    const res = await seller.http.post(`/api/conversations/${id}/messages`, { body: "Are you there?" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.deleted);
    expect((await buyer.http.post(`/api/conversations/${id}/messages`, { body: "Hi" })).statusCode).toBe(401);
    expect((await seller.http.get(`/api/conversations/${id}`)).json().notice).toBe(M.deleted);
  });
});

describe("limits", () => {
  it("30 messages a minute, then 429 saying so under the message", async () => {
    const seller = await person("seller");
    const buyer = await person();
    const id = await ask(buyer, (await laptop(seller)).id);
    for (let i = 2; i <= 30; i++) {
      expect((await buyer.http.post(`/api/conversations/${id}/messages`, { body: `m${i}` })).statusCode).toBe(201);
    }
    const refused = await buyer.http.post(`/api/conversations/${id}/messages`, { body: "one too many" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().fields.body).toMatch(/at most 30 messages a minute/);
    // When the minute's count starts again, in whole seconds.
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The seller's own count is theirs.
    expect((await seller.http.post(`/api/conversations/${id}/messages`, { body: "Slow down" })).statusCode).toBe(201);
  });

  it("10 new conversations an hour, then 429; writing in one I have still works", async () => {
    const seller = await person("seller");
    const buyer = await person();
    const first = await ask(buyer, (await laptop(seller)).id);
    for (let i = 2; i <= 10; i++) await ask(buyer, (await laptop(seller)).id);
    const refused = await buyer.http.post("/api/conversations", { advertId: (await laptop(seller)).id, body: "Hi" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/at most 10 conversations an hour/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(59 * 60);
    expect((await buyer.http.post(`/api/conversations/${first}/messages`, { body: "Hi again" })).statusCode).toBe(201);
  });
});

describe("notices", () => {
  it("tells the other person in the app once per unread run and by email at most every 15 minutes", async () => {
    const seller = await person("seller");
    const buyer = await person();
    const id = await ask(buyer, (await laptop(seller, "ZenBook")).id, "<b>First</b> question");
    await buyer.http.post(`/api/conversations/${id}/messages`, { body: "Second" });
    const notices = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, seller.user.id), eq(notifications.kind, "message.new")));
    const emails = () =>
      t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.userId, seller.user.id), eq(emailOutbox.kind, "message.new")));
    expect(await notices()).toHaveLength(1);
    expect((await notices())[0]).toMatchObject({
      title: `New message from ${buyer.user.name}`,
      link: `/dashboard/messages/${id}`,
    });
    expect(await emails()).toHaveLength(1);

    // Read, then written to again: a new notice in the app, but the email waits for its 15 minutes.
    expect((await seller.http.get("/api/notifications/unread-count")).json()).toMatchObject({ unread: 1 });
    await seller.http.get(`/api/conversations/${id}`);
    // Opening the conversation read its notice too: the bell no longer counts it.
    expect((await notices())[0]?.readAt).not.toBeNull();
    expect((await seller.http.get("/api/notifications/unread-count")).json()).toMatchObject({ unread: 0 });
    await buyer.http.post(`/api/conversations/${id}/messages`, { body: "Third" });
    expect(await notices()).toHaveLength(2);
    expect(await emails()).toHaveLength(1);

    // 15 minutes later (the last email moved back in time), the next one is emailed.
    await t.db.execute(
      sql`update conversations set seller_emailed_at = now() - interval '16 minutes' where id = ${id}`,
    );
    await buyer.http.post(`/api/conversations/${id}/messages`, { body: "Fourth" });
    expect(await emails()).toHaveLength(2);

    // The seller turned this kind's email off: no more.
    await seller.http.raw("PUT", "/api/me/email-preferences", { kind: "message.new", email: false });
    await t.db.execute(sql`update conversations set seller_emailed_at = null where id = ${id}`);
    await buyer.http.post(`/api/conversations/${id}/messages`, { body: "Fifth" });
    expect(await emails()).toHaveLength(2);
  });
});

describe("live", () => {
  it("the stream tells my unread messages on connect and which conversation changed (LISTEN/NOTIFY)", async () => {
    const base = await listening(t);
    const seller = await person("seller");
    const buyer = await person();
    const id = await ask(buyer, (await laptop(seller)).id);
    const aborter = new AbortController();
    const res = await fetch(`${base}/api/notifications/stream`, {
      headers: { cookie: seller.cookie },
      signal: aborter.signal,
    });
    const next = eventsOf<{ unread: number; conversationId: string }>(res, "messages");
    expect(await next()).toEqual({ unread: 1, conversationId: "" });
    await buyer.http.post(`/api/conversations/${id}/messages`, { body: "Hello?" });
    expect(await next()).toEqual({ unread: 2, conversationId: id });
    await seller.http.get(`/api/conversations/${id}`);
    // The same count may be told twice (each change notifies, and a late one can arrive after the read);
    // what matters is that the read is told next.
    let after = await next();
    while (after.unread === 2 && after.conversationId === id) after = await next();
    expect(after).toEqual({ unread: 0, conversationId: id });
    aborter.abort();
  });

  itAcrossProcesses(
    t,
    "a message written through one app process reaches a stream served by another (PostgreSQL)",
    async (other) => {
      const seller = await person("seller");
      const buyer = await person();
      const id = await ask(buyer, (await laptop(seller)).id);
      const aborter = new AbortController();
      const res = await fetch(`${other.base}/api/notifications/stream`, {
        headers: { cookie: seller.cookie },
        signal: aborter.signal,
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      let buffered = "";
      const arrived = (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) throw new Error("the stream ended");
          buffered += new TextDecoder().decode(value);
          if (buffered.includes(`"conversationId":"${id}"`)) return Date.now();
        }
      })();
      await new Promise((r) => setTimeout(r, 200)); // connected and listening
      const sentAt = Date.now();
      await buyer.http.post(`/api/conversations/${id}/messages`, { body: "Through the other process" });
      expect((await arrived) - sentAt).toBeLessThan(2_000);
      aborter.abort();
    },
  );
});
