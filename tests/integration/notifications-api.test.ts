import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNELS, notify } from "../../core/notifications/index.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import type { Notification } from "../../schemas/notifications.ts";
import type { Role } from "../../schemas/values.ts";
import { createAdvert, createBrand } from "../../seed/factories.ts";
import { bookToMeet, client } from "../support/http.ts";
import { signedInPerson } from "../support/people.ts";
import { listening, startTestApp, type TestApp } from "../support/test-app.ts";

/** The notifications API as its callers use it; the outbox and the emails are notifications.test.ts's. */
let t: TestApp;
let brandId: string;

const person = (role: Role = "user") => signedInPerson(t, role);
const tell = (userId: string, times = 1) =>
  t.db.transaction(async (tx) => {
    for (let i = 0; i < times; i++) await notify(tx, "account.sellerVerified", { recipientId: userId, params: {} });
  });

beforeAll(async () => {
  // Streams' heartbeats (which end a stream whose session has ended) come every 100 ms, not 25 s.
  t = await startTestApp({}, { retryJobsAtOnce: true, log: () => {} }, { heartbeatMs: 100 });
  await t.services.jobs.start();
  brandId = (await createBrand(t, "Lenovo")).id;
});
afterAll(() => t?.close());

describe("my notifications", () => {
  it("are my own, newest first, in keyset pages that neither skip nor repeat", async () => {
    const me = await person();
    const other = await person();
    await tell(me.user.id, 25);
    await tell(other.user.id, 1);
    const seen: Notification[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const res = await me.http.get(`/api/notifications?limit=10${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: Notification[]; next: string | null };
      seen.push(...page.items);
      cursor = page.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen.map((x) => x.id)).size).toBe(25);
    const times = seen.map((x) => x.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await other.http.get("/api/notifications")).json().items).toHaveLength(1);
    expect((await me.http.get("/api/notifications?cursor=nonsense")).statusCode).toBe(400);
    expect((await client(t).get("/api/notifications")).statusCode).toBe(401);
  });

  it("are marked read one by one (only by their owner) and all at once", async () => {
    const me = await person();
    const other = await person();
    await tell(me.user.id, 3);
    expect((await me.http.get("/api/notifications/unread-count")).json()).toEqual({ unread: 3 });
    const [first] = (await me.http.get("/api/notifications")).json().items as Notification[];
    if (!first) throw new Error("no notification");

    const refused = await other.http.post(`/api/notifications/${first.id}/read`);
    expect(refused.statusCode).toBe(404);
    expect((await other.http.post("/api/notifications/not-a-uuid/read")).statusCode).toBe(400);
    expect((await me.http.get("/api/notifications/unread-count")).json()).toEqual({ unread: 3 });

    expect((await me.http.post(`/api/notifications/${first.id}/read`)).json()).toEqual({ unread: 2 });
    expect((await me.http.post(`/api/notifications/${first.id}/read`)).json()).toEqual({ unread: 2 });
    const items = (await me.http.get("/api/notifications")).json().items as Notification[];
    expect(items.find((x) => x.id === first.id)?.read).toBe(true);

    await tell(other.user.id, 2);
    expect((await me.http.post("/api/notifications/read")).json()).toEqual({ unread: 0 });
    expect((await other.http.get("/api/notifications/unread-count")).json()).toEqual({ unread: 2 });
  });
});

describe("email preferences", () => {
  it("list every optional kind, on by default, and turn one off and on again", async () => {
    const me = await person("seller");
    const before = (await me.http.get("/api/me/email-preferences")).json().preferences as {
      kind: string;
      email: boolean;
    }[];
    expect(before.length).toBeGreaterThan(5);
    expect(before.every((p) => p.email)).toBe(true);
    const off = await me.http.raw("PUT", "/api/me/email-preferences", { kind: "order.booked", email: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().preferences.find((p: { kind: string }) => p.kind === "order.booked").email).toBe(false);
    const other = await person("seller");
    const theirs = (await other.http.get("/api/me/email-preferences")).json().preferences;
    expect(theirs.find((p: { kind: string }) => p.kind === "order.booked").email).toBe(true);
    const bad = await me.http.raw("PUT", "/api/me/email-preferences", { kind: "account.passwordReset", email: false });
    expect(bad.statusCode).toBe(400);
    const on = await me.http.raw("PUT", "/api/me/email-preferences", { kind: "order.booked", email: true });
    expect(on.json().preferences.find((p: { kind: string }) => p.kind === "order.booked").email).toBe(true);
  });

  it("list only what the person can be told: no sales for a buyer, no orders for an admin", async () => {
    const kinds = async (role: Role) =>
      ((await (await person(role)).http.get("/api/me/email-preferences")).json().preferences as { kind: string }[]).map(
        (p) => p.kind,
      );
    const [buyer, seller, admin] = [await kinds("user"), await kinds("seller"), await kinds("admin")];
    expect(buyer).toContain("order.receipt");
    expect(buyer).toContain("favourite.priceDrop");
    expect(buyer).not.toContain("order.booked");
    expect(buyer).not.toContain("account.sellerVerified");
    // A seller buys too.
    expect(seller).toEqual(expect.arrayContaining(["order.booked", "advert.removed", "order.receipt"]));
    expect(admin).not.toContain("order.receipt");
    expect(admin).not.toContain("order.booked");
    expect(admin).toContain("message.new");
  });
});

describe("email delivery", () => {
  it("lists recent emails for admins only, and sends a kept one again", async () => {
    const admin = await person("admin");
    const seller = await person("seller");
    await tell(seller.user.id);
    await t.services.notifications.deliverEmailsNow(); // no SMTP_URL: kept
    const res = await admin.http.get("/api/email-delivery");
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json().emails as { id: string; to: string; status: string; lastError: string }[]).find(
      (e) => e.to === seller.user.email,
    );
    expect(row).toMatchObject({ status: "kept", lastError: "not sent (no SMTP_URL)" });
    expect((await seller.http.get("/api/email-delivery")).statusCode).toBe(403);
    expect((await seller.http.post(`/api/email-delivery/${row?.id}/send-again`)).statusCode).toBe(403);

    const again = await admin.http.post(`/api/email-delivery/${row?.id}/send-again`);
    expect(again.statusCode, again.body).toBe(200);
    const [stored] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, row?.id as string));
    expect(stored?.status).toBe("pending");
    expect((await admin.http.post(`/api/email-delivery/${row?.id}/send-again`)).statusCode).toBe(409);
    const kept = (await admin.http.get("/api/email-delivery?status=kept")).json().emails as { status: string }[];
    expect(kept.every((e) => e.status === "kept")).toBe(true);
  });
});

describe("the live count", () => {
  it("streams the unread count on connect and again when someone else books my laptop", async () => {
    const base = await listening(t);
    const seller = await person("seller");
    const buyer = await person();
    await tell(seller.user.id, 2);
    const advert = await createAdvert(t, {
      sellerId: seller.user.id,
      brandId,
      name: "ThinkPad X1",
      resalePriceCents: 90_000,
    });

    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
    const aborter = new AbortController();
    const res = await fetch(`${base}/api/notifications/stream`, {
      headers: { cookie: seller.cookie, "accept-encoding": "gzip, br" },
      signal: aborter.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-encoding")).toBeNull();

    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffered = "";
    async function nextCount(): Promise<number> {
      for (;;) {
        const match = /event: unread\ndata: (\d+)\n\n/.exec(buffered);
        if (match) {
          buffered = buffered.slice(match.index + match[0].length);
          return Number(match[1]);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffered += decoder.decode(value, { stream: true });
      }
    }
    expect(await nextCount()).toBe(2);
    const booked = await bookToMeet(buyer.http, advert.id, "Banani");
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await nextCount()).toBe(3);
    await seller.http.post("/api/notifications/read");
    expect(await nextCount()).toBe(0);
    aborter.abort();
  });

  it("a notice that comes while the counts on connect are read follows them, after the stream's headers", async () => {
    const base = await listening(t);
    const me = await person();
    // The counts on connect are held back once they are read, until the notice below has been read too.
    const counted = Promise.withResolvers<void>();
    const goOn = Promise.withResolvers<void>();
    const { unreadCounts } = t.services.conversations;
    t.services.conversations.unreadCounts = async (user) => {
      const counts = await unreadCounts(user);
      counted.resolve();
      await goOn.promise;
      return counts;
    };
    try {
      const answer = fetch(`${base}/api/notifications/stream`, { headers: { cookie: me.cookie } });
      await counted.promise;
      const heard = Promise.withResolvers<void>();
      await t.database.broadcast.on(CHANNELS.notifications, (id) => id === me.user.id && heard.resolve());
      await tell(me.user.id);
      await heard.promise;
      // The stream's read of the new count was asked for before this one, and has answered by its end (surely
      // on PGlite, whose one connection answers in turn; most likely on PostgreSQL).
      await unreadCounts(me.user);
      goOn.resolve();
      const res = await answer;
      expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = "";
      while ((text.match(/event: unread/g) ?? []).length < 2) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        text += decoder.decode(value, { stream: true });
      }
      await reader.cancel();
      expect([...text.matchAll(/event: unread\ndata: (\d+)/g)].map((m) => Number(m[1]))).toEqual([0, 1]);
    } finally {
      t.services.conversations.unreadCounts = unreadCounts;
      goOn.resolve();
    }
  });

  it("ends with its session: signed out elsewhere, the stream closes at its next heartbeat; others go on", async () => {
    const base = await listening(t);
    const leaving = await person();
    const staying = await person();
    const open = async (cookie: string) => {
      const res = await fetch(`${base}/api/notifications/stream`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = "";
      /** What arrives until `until` is seen (true), or until the stream ends (false). */
      const readUntil = async (until: string) => {
        while (!text.includes(until)) {
          const { value, done } = await reader.read();
          if (done) return false;
          text += decoder.decode(value, { stream: true });
        }
        text = text.slice(text.indexOf(until) + until.length);
        return true;
      };
      return { readUntil, cancel: () => reader.cancel() };
    };
    const gone = await open(leaving.cookie);
    const kept = await open(staying.cookie);
    expect(await gone.readUntil("event: unread")).toBe(true);
    expect(await kept.readUntil("event: unread")).toBe(true);
    expect((await leaving.http.post("/api/auth/sign-out")).statusCode).toBe(200);
    expect(await gone.readUntil("never sent")).toBe(false);
    expect(await kept.readUntil(": heartbeat")).toBe(true);
    expect(await kept.readUntil(": heartbeat")).toBe(true);
    await kept.cancel();
  });
});
