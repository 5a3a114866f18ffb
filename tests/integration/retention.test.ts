import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { APPLY_RETENTION, applyRetention, retentionDays } from "../../core/privacy/index.ts";
import { emailOutbox, notifications, sessions, verifications } from "../../db/schema/index.ts";
import { createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { testAppForTests } from "../support/test-app.ts";

/** The daily retention job: what /privacy promises is deleted, and nothing else. */
const t = testAppForTests({ RETENTION_DAYS: "30" }, { log: () => {} });

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function notice(userId: string, createdAt: Date) {
  const [row] = await t.db
    .insert(notifications)
    .values({
      userId,
      kind: "account.sellerVerified",
      subjectType: "account",
      title: "T",
      body: "B",
      link: "/",
      createdAt,
    })
    .returning({ id: notifications.id });
  return row?.id as string;
}

async function email(userId: string, createdAt: Date, status: "sent" | "failed" | "pending" | "sending" | "kept") {
  const to = { id: userId, name: "N", email: "n@x.test" };
  const [row] = await t.db
    .insert(emailOutbox)
    .values({
      kind: "account.sellerVerified",
      userId,
      toAddress: "n@x.test",
      subject: "S",
      payload: { params: {}, to },
      status,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: emailOutbox.id });
  return row?.id as string;
}

const idsIn = async (table: typeof notifications | typeof emailOutbox, ids: string[]) =>
  (await t.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id).sort();

describe("retention", () => {
  it("is configured by RETENTION_DAYS", () => {
    expect(retentionDays()).toBe(30);
  });

  it("deletes notifications and emails older than RETENTION_DAYS, expired links and sessions; keeps the rest", async () => {
    const user = await createUser(t, { name: "Kept", email: "kept@x.test" });
    const oldNotice = await notice(user.id, daysAgo(31));
    const newNotice = await notice(user.id, daysAgo(29));
    const oldSent = await email(user.id, daysAgo(31), "sent");
    const oldFailed = await email(user.id, daysAgo(40), "failed");
    const oldKept = await email(user.id, daysAgo(400), "kept");
    const inFlight = await email(user.id, daysAgo(31), "sending");
    const newSent = await email(user.id, daysAgo(1), "sent");
    await t.db.insert(verifications).values([
      { id: "expired-link", identifier: "reset-password:old", value: user.id, expiresAt: new Date(Date.now() - 1) },
      { id: "live-link", identifier: "reset-password:new", value: user.id, expiresAt: new Date(Date.now() + DAY) },
    ]);
    await t.db.insert(sessions).values({
      id: "expired-session",
      token: "expired-session-token",
      userId: user.id,
      expiresAt: new Date(Date.now() - 1),
    });

    await t.services.jobs.start();
    await t.services.jobs.queue.send(APPLY_RETENTION, {});
    expect(await t.services.jobs.queue.runDue([APPLY_RETENTION])).toBe(1);

    expect(await idsIn(notifications, [oldNotice, newNotice])).toEqual([newNotice]);
    expect(await idsIn(emailOutbox, [oldSent, oldFailed, oldKept, inFlight, newSent])).toEqual(
      [inFlight, newSent].sort(),
    );
    const links = await t.db.select({ id: verifications.id }).from(verifications);
    expect(links.map((l) => l.id)).toContain("live-link");
    expect(links.map((l) => l.id)).not.toContain("expired-link");
    const left = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).not.toContain("expired-session");
    // The factory's own sign-up session is live: kept.
    expect(left.length).toBeGreaterThan(0);
  });

  it("leaves a signed-in person signed in, and runs again with nothing to do", async () => {
    await createUser(t, { name: "Still", email: "still@x.test" });
    const http = client(t);
    await http.signIn("still@x.test");
    const again = await applyRetention(t.db);
    expect(again).toEqual({ notifications: 0, emails: 0, links: 0, sessions: 0 });
    expect((await http.get("/api/me")).statusCode).toBe(200);
  });

  it("deletes in batches until none is left", async () => {
    const user = await createUser(t, { name: "Many", email: "many@x.test" });
    await t.db.insert(notifications).values(
      Array.from({ length: 5_003 }, () => ({
        userId: user.id,
        kind: "account.sellerVerified",
        subjectType: "account" as const,
        title: "T",
        body: "B",
        link: "/",
        createdAt: daysAgo(60),
      })),
    );
    expect((await applyRetention(t.db)).notifications).toBe(5_003);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(0);
  });
});
