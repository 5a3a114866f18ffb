import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobQueue } from "../../core/jobs/index.ts";
import {
  createDelivery,
  DELIVER_EMAIL,
  type MailTransport,
  notify,
  smtpTransport,
  unsubscribeToken,
} from "../../core/notifications/index.ts";
import { emailOutbox, notifications } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { bookToMeet, client } from "../support/http.ts";
import { signedInAccount } from "../support/people.ts";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { PUBLIC_URL, startTestApp, type TestApp } from "../support/test-app.ts";

let smtp: SmtpServer;
let t: TestApp;
let brandId: string;
let seller: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let n = 0;
const logs: string[] = [];

const GOOD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

const newBuyer = (name = `Buyer ${n + 1}`) => signedInAccount(t, { name, email: `buyer${++n}@x.test` });
const laptop = (name = `Laptop ${Math.random().toString(36).slice(2, 6)}`, priceCents = 45_050) =>
  createAdvert(t, { sellerId: seller.id, brandId, name, resalePriceCents: priceCents });
async function book(buyer: Awaited<ReturnType<typeof newBuyer>>, advertId: string) {
  const res = await bookToMeet(buyer.http, advertId, "Gulshan 2 circle");
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}
const deliver = () => t.services.notifications.deliverEmailsNow();
const outboxOf = async (toAddress: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, toAddress));
/** A header as it arrived (mailparser folds the List-* headers into one object). */
const header = (mail: SmtpServer["received"][number], name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/^[^:]+:\s*/, "")
    .replace(/\r?\n\s+/g, "") ?? "";

beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: ["bounce@x.test"] });
  t = await startTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: "ReLaptop <hello@relaptop.test>" },
    {
      retryJobsAtOnce: true,
      log: (line) => logs.push(line),
    },
  );
  await t.services.jobs.start();
  brandId = (await createBrand(t, "Dell")).id;
  seller = await createUser(t, { name: "Sam Seller", email: "seller@x.test", role: "seller" });
  admin = await createUser(t, { name: "Ada", email: "admin@x.test", role: "admin" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe("the outbox", () => {
  it("tells the seller about a booking, in the app and by one email with both parts and unsubscribe headers", async () => {
    const buyer = await newBuyer("Bea <b>Buyer</b>");
    const advert = await laptop("XPS 13 <script>");
    const orderId = await book(buyer, advert.id);

    const { items } = await t.services.notifications.list(seller);
    expect(items[0]).toMatchObject({
      kind: "order.booked",
      title: "XPS 13 <script> was booked",
      read: false,
      link: `/dashboard/orders/${orderId}`,
    });
    expect(await t.services.notifications.unreadCount(seller)).toBeGreaterThan(0);

    expect(smtp.to(seller.email)).toHaveLength(0); // nothing is sent in the request
    await deliver();
    await deliver(); // a second pass sends nothing again
    const mails = smtp.to(seller.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) throw new Error("no mail");
    expect(mail.subject).toBe("Your laptop was booked: XPS 13 <script>");
    expect(mail.from?.text).toContain("hello@relaptop.test");
    expect(mail.text).toMatch(
      /Bea <b>Buyer<\/b> booked XPS 13 <script> for \$450\.50 \(order RL-[2-9A-HJ-NP-Z]{6}\)\./,
    );
    expect(mail.html).toContain("Bea &#60;b&#62;Buyer&#60;/b&#62; booked XPS 13 &#60;script&#62;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toMatch(/<img/i); // no tracking pixels
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard/orders/${orderId}`);
    expect(mail.messageId).toMatch(/@relaptop\.test>?$/);
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header(mail, "list-unsubscribe")).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/notifications/unsubscribe\\?token=[\\w.-]+>$`),
    );
    const [row] = await outboxOf(seller.email);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("gives the buyer a receipt with the order number, the laptop, the amount and the date", async () => {
    const buyer = await newBuyer();
    const advert = await laptop("ThinkPad T14", 61_500);
    const orderId = await book(buyer, advert.id);
    const res = await buyer.http.post(`/api/orders/${orderId}/pay`, { ...GOOD, attemptKey: "attempt-receipt-1" });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await deliver();
    const [receipt] = smtp.to(buyer.user.email);
    expect(receipt?.subject).toBe("Your receipt for ThinkPad T14");
    const year = String(new Date().getUTCFullYear());
    // The number people quote, as the order's page shows it.
    const { number } = (await buyer.http.get(`/api/orders/${orderId}`)).json() as { number: string };
    expect(number).toMatch(/^RL-[2-9A-HJ-NP-Z]{6}$/);
    for (const part of [receipt?.text, receipt?.html]) {
      expect(part).toContain(number);
      expect(part).toContain("ThinkPad T14");
      expect(part).toContain("$615");
      expect(part).toContain(year);
    }
    const sellerMails = smtp.to(seller.email).map((m) => m.subject);
    expect(sellerMails).toContain("Sold: ThinkPad T14");
    const { items } = await t.services.notifications.list(buyer.user);
    expect(items[0]).toMatchObject({ kind: "order.receipt", subjectType: "order", subjectId: orderId });
    // In the app the notice's own time says when, in the reader's zone: its text names no date in UTC.
    expect(items[0]?.body).toMatch(/^You paid \$615\. Order \S+\.$/);

    // The email's own one-click link works, without a session (RFC 8058's POST).
    const link = header(receipt as SmtpServer["received"][number], "list-unsubscribe").slice(1, -1);
    expect(receipt?.text).toContain(link);
    const res2 = await client(t).raw("POST", link.slice(PUBLIC_URL.length), "List-Unsubscribe=One-Click", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res2.statusCode, res2.body).toBe(200);
    const prefs = await t.services.notifications.emailPreferences(buyer.user);
    expect(prefs.find((p) => p.kind === "order.receipt")).toMatchObject({ email: false });
  });

  it("writes nothing for a change that is rolled back", async () => {
    const buyer = await newBuyer();
    const before = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, "account.sellerVerified", { recipientId: buyer.user.id, params: {} });
        throw new Error("the change fails after telling");
      }),
    ).rejects.toThrow("the change fails");
    const after = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    expect(after).toHaveLength(before.length);
    expect(await outboxOf(buyer.user.email)).toHaveLength(0);
  });

  it("tells a buyer whose booking ended because someone else bought the laptop, once", async () => {
    const first = await newBuyer();
    const second = await newBuyer();
    const advert = await laptop("Swift 3");
    await book(first, advert.id);
    const paid = await book(second, advert.id);
    expect(
      (await second.http.post(`/api/orders/${paid}/pay`, { ...GOOD, attemptKey: "attempt-ended-1" })).statusCode,
    ).toBeLessThan(300);
    const { items } = await t.services.notifications.list(first.user);
    expect(items.filter((i) => i.kind === "order.bookingEnded")).toHaveLength(1);
    expect(items[0]?.body).toContain("Another buyer paid");
  });
});

describe("delivery", () => {
  it("never fails or slows the request when the SMTP server is down, and delivers once when it is back", async () => {
    const buyer = await newBuyer();
    const advert = await laptop("Envy 13");
    await smtp.stop();
    const started = Date.now();
    await book(buyer, advert.id);
    expect(Date.now() - started).toBeLessThan(2000);
    await deliver(); // the try fails: the server is down
    const [waiting] = (await outboxOf(seller.email)).filter((r) => r.subject.includes("Envy 13"));
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|connect/i);

    await smtp.start();
    await deliver();
    await deliver();
    expect(smtp.to(seller.email).filter((m) => m.subject?.includes("Envy 13"))).toHaveLength(1);
    const [sent] = (await outboxOf(seller.email)).filter((r) => r.subject.includes("Envy 13"));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("marks an email failed, with its error, after the last try — and an admin can send it again", async () => {
    const buyer = await newBuyer();
    await smtp.stop();
    await t.db.transaction((tx) => notify(tx, "account.sellerVerified", { recipientId: buyer.user.id, params: {} }));
    for (let i = 0; i < 12; i++) await deliver(); // more runs than tries: it stops at the limit
    const [failed] = await outboxOf(buyer.user.email);
    expect(failed).toMatchObject({ status: "failed", attempts: 9 });
    expect(failed?.lastError).toBeTruthy();

    const { emails: listed } = await t.services.notifications.recentEmails(admin, { status: "failed" });
    expect(listed.find((e) => e.id === failed?.id)).toMatchObject({ to: buyer.user.email, status: "failed" });
    await expect(t.services.notifications.recentEmails(buyer.user)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(t.services.notifications.sendAgain(buyer.user, failed?.id ?? "")).rejects.toMatchObject({
      code: "FORBIDDEN",
    });

    await smtp.start();
    await t.services.notifications.sendAgain(admin, failed?.id ?? "");
    await deliver();
    const [again] = await outboxOf(buyer.user.email);
    expect(again).toMatchObject({ status: "sent", messageId: failed?.messageId });
    expect(smtp.to(buyer.user.email)).toHaveLength(1);
    expect(smtp.to(buyer.user.email)[0]?.messageId).toBe(failed?.messageId);
  });

  it("does not retry an address the server refuses for good", async () => {
    const bounce = await createUser(t, { name: "Bounce", email: "bounce@x.test" });
    await t.db.transaction((tx) => notify(tx, "account.sellerVerified", { recipientId: bounce.id, params: {} }));
    await deliver();
    const [row] = await outboxOf("bounce@x.test");
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row?.lastError).toMatch(/550|mailbox/i);
  });
});

describe("delivery that ends mid-way", () => {
  it("fails an email that cannot be composed alone, with why, and sends the others of its batch", async () => {
    const buyer = await newBuyer();
    // Written first, so the relay puts it in the same job as the good one, before it.
    const [broken] = await t.db
      .insert(emailOutbox)
      .values({
        kind: "no.such.kind",
        userId: buyer.user.id,
        toAddress: buyer.user.email,
        subject: "Broken",
        payload: { params: {}, to: { id: buyer.user.id, name: buyer.user.name, email: buyer.user.email } },
      })
      .returning();
    await t.db.transaction((tx) => notify(tx, "account.sellerVerified", { recipientId: buyer.user.id, params: {} }));
    await deliver();
    const rows = await outboxOf(buyer.user.email);
    expect(rows.find((r) => r.id === broken?.id)).toMatchObject({ status: "failed", attempts: 1 });
    expect(rows.find((r) => r.id === broken?.id)?.lastError).toMatch(/no email for kind no\.such\.kind/);
    expect(rows.find((r) => r.id !== broken?.id)).toMatchObject({ status: "sent" });
    expect(smtp.to(buyer.user.email)).toHaveLength(1);
  });

  it("records what it sent when the database fails mid-way, and leaves nothing claimed for the next try", async () => {
    const buyer = await newBuyer();
    await t.db.transaction((tx) => notify(tx, "account.sellerVerified", { recipientId: buyer.user.id, params: {} }));
    // The database refuses the first "sent" record for this address, once (a sequence is not rolled back).
    const fn = `fail_sent_${process.pid}`;
    await t.db.execute(sql.raw(`create sequence ${fn}`));
    await t.db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
        if new.status = 'sent' and new.to_address = '${buyer.user.email}' and nextval('${fn}') = 1 then
          raise exception 'the database failed here';
        end if;
        return new;
      end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger ${fn} before update on email_outbox for each row execute function ${fn}()`),
    );
    try {
      await deliver();
    } finally {
      await t.db.execute(sql.raw(`drop trigger ${fn} on email_outbox`));
      await t.db.execute(sql.raw(`drop function ${fn}()`));
      await t.db.execute(sql.raw(`drop sequence ${fn}`));
    }
    const [row] = await outboxOf(buyer.user.email);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(smtp.to(buyer.user.email)).toHaveLength(1);
  });
});

describe("a slow mail server", () => {
  /** A delivery of `ids` through `send`, on the real database, with a clock the test moves. */
  const slowDelivery = (send: MailTransport["send"], clock: () => number) =>
    createDelivery({
      db: t.db,
      queue: { define() {} } as unknown as JobQueue,
      transport: { send, close() {} },
      publicUrl: PUBLIC_URL,
      secret: "a-secret-for-unsubscribe-links-0123456789",
      from: "ReLaptop <hello@relaptop.test>",
      log: () => {},
      now: clock,
      renewCheckMs: 20,
    });
  const notices = async (count: number) => {
    const buyer = await newBuyer();
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++)
        await notify(tx, "account.sellerVerified", { recipientId: buyer.user.id, params: {} });
    });
    return { buyer, ids: (await outboxOf(buyer.user.email)).map((r) => r.id) };
  };
  const claimOf = async (email: string, messageId: string) =>
    (await outboxOf(email)).find((r) => r.messageId === messageId)?.claimedAt?.getTime();

  it("keeps the delivery's claim while it sends, so the job's retry after its expiry sends nothing twice", async () => {
    const { buyer, ids } = await notices(25);
    let clock = Date.now();
    const real = smtpTransport(smtp.url);
    const sent: string[] = [];
    let retry: Promise<void> | undefined;
    // Each email takes 10 s at this server, so the batch of 25 takes 250 s: past the job's expiry (120 s),
    // after which the queue starts its retry while this try still sends.
    const delivery = slowDelivery(
      async (email) => {
        clock += 10_000;
        sent.push(email.messageId);
        if (sent.length === 13) retry = delivery.deliver({ ids }, { lastTry: false });
        await real.send(email);
      },
      () => clock,
    );
    try {
      await delivery.deliver({ ids }, { lastTry: false });
      await retry;
    } finally {
      real.close();
    }
    expect(retry).toBeDefined();
    expect(sent).toHaveLength(25);
    expect(new Set(sent).size).toBe(25);
    expect(smtp.to(buyer.user.email)).toHaveLength(25);
    const rows = await outboxOf(buyer.user.email);
    expect(rows.map((r) => r.status)).toEqual(Array(25).fill("sent"));
    expect(rows.map((r) => r.attempts)).toEqual(Array(25).fill(1));
  });

  it("renews its claim while one send waits (a pooled connection, a slow server), so the retry takes nothing", async () => {
    const { buyer, ids } = await notices(3);
    let clock = Date.now();
    const real = smtpTransport(smtp.url);
    const sent: string[] = [];
    const delivery = slowDelivery(
      async (email) => {
        sent.push(email.messageId);
        if (sent.length === 2) {
          const claimed = await claimOf(buyer.user.email, email.messageId);
          clock += 130_000; // this one send waits 130 s, past the claim
          // Checked every few seconds (here 20 ms) while it waits, the claim is taken on again.
          while ((await claimOf(buyer.user.email, email.messageId)) === claimed) {
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          await delivery.deliver({ ids }, { lastTry: false }); // the job's retry after its expiry
        }
        await real.send(email);
      },
      () => clock,
    );
    try {
      await delivery.deliver({ ids }, { lastTry: false });
    } finally {
      real.close();
    }
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
    expect(smtp.to(buyer.user.email)).toHaveLength(3);
    expect((await outboxOf(buyer.user.email)).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("gives what it could not send back to the relay once its job has expired (the job's retry has been)", async () => {
    const { buyer, ids } = await notices(2);
    // Queued by the relay, as every row a delivery takes has been.
    await t.db.update(emailOutbox).set({ enqueuedAt: new Date() }).where(inArray(emailOutbox.id, ids));
    let clock = Date.now();
    const delivery = slowDelivery(
      async () => {
        clock += 130_000;
        throw Object.assign(new Error("Try again later"), { responseCode: 421 });
      },
      () => clock,
    );
    await expect(delivery.deliver({ ids }, { lastTry: false })).rejects.toThrow("Try again later");
    const rows = await outboxOf(buyer.user.email);
    expect(rows.map((r) => [r.status, r.enqueuedAt])).toEqual([
      ["pending", null],
      ["pending", null],
    ]);
    // The relay queues them again, in a job of their own, which sends them.
    await deliver();
    expect(smtp.to(buyer.user.email)).toHaveLength(2);
    expect((await outboxOf(buyer.user.email)).map((r) => r.status)).toEqual(["sent", "sent"]);
  });
});

describe("preferences and unsubscribing", () => {
  it("sends no email for a kind turned off, but still tells in the app", async () => {
    const buyer = await newBuyer();
    const prefs = await t.services.notifications.emailPreferences(buyer.user);
    expect(prefs.find((p) => p.kind === "order.receipt")).toMatchObject({ email: true });
    expect(prefs.map((p) => p.kind)).not.toContain("account.passwordReset");
    await t.services.notifications.setEmailPreference(buyer.user, "order.receipt", false);
    await expect(
      t.services.notifications.setEmailPreference(buyer.user, "account.passwordReset", false),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });

    const advert = await laptop("Aspire 5");
    const orderId = await book(buyer, advert.id);
    await buyer.http.post(`/api/orders/${orderId}/pay`, { ...GOOD, attemptKey: "attempt-prefs-1" });
    await deliver();
    expect(smtp.to(buyer.user.email)).toHaveLength(0);
    const { items } = await t.services.notifications.list(buyer.user);
    expect(items.map((i) => i.kind)).toContain("order.receipt");
  });

  it("unsubscribes with the email's one-click link without a session, and refuses a forged one", async () => {
    const buyer = await newBuyer();
    const anonymous = client(t);
    const token = unsubscribeToken(t.config.authSecret, buyer.user.id, "order.bookingEnded");
    const url = `/api/notifications/unsubscribe?token=${token}`;

    const page = await anonymous.get(url); // opening the link (or a mail scanner) changes nothing
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(
      (await t.services.notifications.emailPreferences(buyer.user)).find((p) => p.kind === "order.bookingEnded"),
    ).toMatchObject({ email: true });

    const oneClick = await anonymous.raw("POST", url, "List-Unsubscribe=One-Click", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toMatchObject({ kind: "order.bookingEnded" });
    expect(
      (await t.services.notifications.emailPreferences(buyer.user)).find((p) => p.kind === "order.bookingEnded"),
    ).toMatchObject({ email: false });

    const other = await newBuyer();
    const forged = `${Buffer.from(`${other.user.id}\norder.receipt`).toString("base64url")}.${token.split(".")[1]}`;
    const refused = await anonymous.raw("POST", `/api/notifications/unsubscribe?token=${forged}`, "", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await t.services.notifications.emailPreferences(other.user)).find((p) => p.kind === "order.receipt"),
    ).toMatchObject({ email: true });
  });
});

describe("privacy and paging", () => {
  it("shows each person only their own notifications, newest first, in pages", async () => {
    const a = await newBuyer();
    const b = await newBuyer();
    for (let i = 0; i < 5; i++) {
      await t.db.transaction((tx) =>
        notify(tx, "report.resolved", {
          recipientId: a.user.id,
          params: { advertId: crypto.randomUUID(), productName: `Laptop ${i}`, outcome: "dismissed" },
        }),
      );
    }
    const first = await t.services.notifications.list(a.user, { limit: 3 });
    expect(first.items.map((i) => i.title)).toEqual([
      "Your report: Laptop 4",
      "Your report: Laptop 3",
      "Your report: Laptop 2",
    ]);
    const second = await t.services.notifications.list(a.user, { limit: 3, cursor: first.next ?? "" });
    expect(second.items.map((i) => i.title)).toEqual(["Your report: Laptop 1", "Your report: Laptop 0"]);
    expect(second.next).toBeNull();

    expect((await t.services.notifications.list(b.user)).items).toHaveLength(0);
    expect(await t.services.notifications.unreadCount(b.user)).toBe(0);
    const theirs = first.items[0]?.id ?? "";
    await expect(t.services.notifications.markRead(b.user, theirs)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await t.services.notifications.markAllRead(b.user);
    expect(await t.services.notifications.unreadCount(a.user)).toBe(5);

    await t.services.notifications.markRead(a.user, theirs);
    expect(await t.services.notifications.unreadCount(a.user)).toBe(4);
    await t.services.notifications.markAllRead(a.user);
    expect(await t.services.notifications.unreadCount(a.user)).toBe(0);
  });

  it("pushes a person's unread count when their notifications change, after the commit", async () => {
    const a = await newBuyer();
    const counts: number[] = [];
    const stop = await t.services.notifications.live.subscribe(a.user.id, (unread) => counts.push(unread));
    await t.db.transaction((tx) => notify(tx, "account.sellerVerified", { recipientId: a.user.id, params: {} }));
    await expect.poll(() => counts.at(-1), { timeout: 5000 }).toBe(1);
    await t.services.notifications.markAllRead(a.user);
    await expect.poll(() => counts.at(-1), { timeout: 5000 }).toBe(0);
    stop();
  });
});

describe("moderation tells", () => {
  it("the seller when verified or when an advert is removed (with the reason), and the reporters", async () => {
    const reporter = await newBuyer();
    const advert = await laptop("Nitro 5");
    expect(
      (await reporter.http.post("/api/reports", { advertId: advert.id, reason: "Scam or fraud" })).statusCode,
    ).toBe(201);
    await t.services.moderation.reports.removeAdvert(admin, advert.id, "Photos <taken> from elsewhere");
    await t.services.moderation.people.setVerified(admin, seller.id, true);
    const kinds = (await t.services.notifications.list(seller)).items.map((i) => [i.kind, i.body]);
    expect(kinds).toContainEqual(["advert.removed", "An admin removed it: Photos <taken> from elsewhere"]);
    expect(kinds.map(([k]) => k)).toContain("account.sellerVerified");
    const told = (await t.services.notifications.list(reporter.user)).items[0];
    expect(told).toMatchObject({ kind: "report.resolved", link: `/laptops/${advert.id}` });
  });
});

describe("without SMTP_URL", () => {
  it("keeps each email, marked not sent, and logs one line with the first link", async () => {
    const lines: string[] = [];
    const local = await startTestApp({}, { log: (line) => lines.push(line) });
    try {
      await local.services.jobs.start();
      const user = await createUser(local, { name: "Local", email: "local@x.test" });
      await local.runtime.db.transaction((tx) =>
        notify(tx, "account.passwordReset", {
          recipientId: user.id,
          params: { url: `${PUBLIC_URL}/reset-password?token=abc` },
        }),
      );
      await local.services.notifications.deliverEmailsNow();
      const [row] = await local.runtime.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "local@x.test"));
      expect(row).toMatchObject({ status: "kept", lastError: "not sent (no SMTP_URL)" });
      expect(lines).toEqual([
        `email kept (no SMTP_URL) to local@x.test: Reset your ReLaptop password ${PUBLIC_URL}/reset-password?token=abc`,
      ]);
      // Account emails are not in the app and not a preference.
      expect((await local.services.notifications.list(user)).items).toHaveLength(0);
    } finally {
      await local.close();
    }
  });
});

describe("email delivery in a process serving requests", () => {
  it("waits for a moment with no request in hand, then sends", async () => {
    const local = await startTestApp({ SMTP_URL: smtp.url });
    const activeDeliveries = async () => {
      const result = await local.runtime.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job_common where name = ${DELIVER_EMAIL} and state = 'active'`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    try {
      await local.services.jobs.start({ work: true });
      const user = await createUser(local, { name: "Busy", email: "busy@x.test" });
      local.runtime.requestsInHand.started();
      await local.runtime.db.transaction((tx) =>
        notify(tx, "account.sellerVerified", { recipientId: user.id, params: {} }),
      );
      // A worker has taken the email's job, and holds it while the request is in hand.
      await expect.poll(activeDeliveries, { timeout: 10_000 }).toBe(1);
      const [waiting] = await local.runtime.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, "busy@x.test"));
      expect(waiting).toMatchObject({ status: "pending", sentAt: null });
      local.runtime.requestsInHand.ended();
      await expect.poll(() => smtp.to("busy@x.test").length, { timeout: 10_000 }).toBe(1);
    } finally {
      await local.close();
    }
  });
});

describe("the job queue", () => {
  it("runs payment reconciliation as a job", async () => {
    const id = await t.services.jobs.queue.send("orders.reconcile", {});
    // At least this one (the schedule may have queued another on a real server's clock).
    expect(await t.services.jobs.queue.runDue(["orders.reconcile"])).toBeGreaterThanOrEqual(1);
    // It ran to its end: completed, not failed (a failure is kept on the job with its message).
    const result = await t.db.execute<{ state: string }>(sql`select state from pgboss.job_common where id = ${id}`);
    expect((result as unknown as { rows: { state: string }[] }).rows).toEqual([{ state: "completed" }]);
  });
});
