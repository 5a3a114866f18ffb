import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RECOVERY_LIMITS } from "../../core/accounts/index.ts";
import { accountEvents, accounts, emailOutbox, sessions, users, verifications } from "../../db/schema/index.ts";
import { createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { type Person, signedInPerson } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  // Every request here comes from one address: its limit (shared with reset links) is not what is tested.
  t = await startTestApp(
    {},
    { recoveryLimits: { ...DEFAULT_RECOVERY_LIMITS, resetPerAddress: { limit: 1000, windowMs: 60 * 60_000 } } },
  );
});
afterAll(() => t?.close());

const changeTo = (http: Client, email: string, password: string | undefined = "Passw0rd!") =>
  http.post("/api/me/email", password === undefined ? { email } : { email, password });
const confirm = (http: Client, token: string) => http.post("/api/email-change/confirm", { token });
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

/** The emails written to the outbox for this address, newest first. */
const mailsTo = (address: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(desc(emailOutbox.createdAt));

/** The token of the newest link sent to this (new) address. */
async function linkTokenFor(address: string): Promise<string> {
  const [mail] = await mailsTo(address);
  expect(mail?.kind).toBe("account.confirmNewEmail");
  const url = new URL(String((mail?.payload.params as { url?: string } | undefined)?.url));
  expect(url.pathname).toBe("/account/email/confirm");
  return url.searchParams.get("token") ?? "";
}

let n = 0;
const freshAddress = () => `new-address-${++n}@example.com`;

describe("change email", () => {
  it("refuses bad input with a 400 naming the field, and needs a session", async () => {
    const me = await signedInPerson(t);
    const other = await signedInPerson(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not-an-email", password: "Passw0rd!" }, "email"],
      [{ password: "Passw0rd!" }, "email"],
      [{ email: me.email, password: "Passw0rd!" }, "email"],
      [{ email: me.email.toUpperCase(), password: "Passw0rd!" }, "email"],
      [{ email: other.email, password: "Passw0rd!" }, "email"],
      [{ email: freshAddress() }, "password"],
      [{ email: freshAddress(), password: "wrong" }, "password"],
      [{ email: freshAddress(), password: 42 }, "password"],
    ];
    for (const [body, field] of cases) {
      const res = await me.http.post("/api/me/email", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    expect((await changeTo(me.http, other.email)).json().fields.email).toBe("Another account uses this email address");
    expect((await changeTo(client(t), freshAddress())).statusCode).toBe(401);
    // Nothing was sent, nothing changed.
    expect((await userRow(me.user.id))?.email).toBe(me.email);
    expect(await mailsTo(other.email).then((m) => m.filter((e) => e.kind.startsWith("account.confirm")))).toEqual([]);
  });

  it("sends the link to the NEW address, tells the old one (masked), and changes nothing until followed", async () => {
    const me = await signedInPerson(t);
    const next = freshAddress();
    const res = await changeTo(me.http, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: next });
    expect((await userRow(me.user.id))?.email).toBe(me.email);

    const [toNew] = await mailsTo(next);
    expect(toNew).toMatchObject({ kind: "account.confirmNewEmail", userId: me.user.id, toAddress: next });
    const [toOld] = await mailsTo(me.email);
    expect(toOld).toMatchObject({ kind: "account.emailChanging", toAddress: me.email });
    expect(toOld?.payload.params).toEqual({ newEmail: "n***@example.com" });
    // The token itself is never stored: only its hash names the link.
    const token = await linkTokenFor(next);
    expect(
      await t.db
        .select()
        .from(verifications)
        .where(like(verifications.identifier, `%${token}%`)),
    ).toEqual([]);
  });

  it("the link changes the email (confirmed), once; other sessions keep working; the new address signs in", async () => {
    const me = await signedInPerson(t);
    const second = client(t);
    await second.signIn(me.email);
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, me.user.id));
    const sessionsBefore = await t.db.select().from(sessions).where(eq(sessions.userId, me.user.id));
    const next = freshAddress();
    expect((await changeTo(me.http, next)).statusCode).toBe(200);
    const token = await linkTokenFor(next);

    // Followed signed out (the new inbox may be on another device).
    const done = await confirm(client(t), token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email: next });
    expect(await userRow(me.user.id)).toMatchObject({ email: next, emailVerified: true });
    expect((await me.http.get("/api/me")).json().email).toBe(next);
    expect((await second.get("/api/me")).json().email).toBe(next);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, me.user.id))).toHaveLength(
      sessionsBefore.length,
    );
    const [event] = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, me.user.id));
    expect(event?.action).toBe("change-email");

    // Used once: a second try is refused, naming the token.
    const again = await confirm(client(t), token);
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json().fields)).toEqual(["token"]);

    const fresh = client(t);
    await fresh.signIn(next);
    expect((await fresh.get("/api/me")).json().id).toBe(me.user.id);
    const old = await client(t).post("/api/auth/sign-in/email", { email: me.email, password: "Passw0rd!" });
    expect(old.statusCode).not.toBe(200);
  });

  it("refuses an expired link, an unknown one, and an older link once a newer one is sent", async () => {
    const me = await signedInPerson(t);
    const first = freshAddress();
    expect((await changeTo(me.http, first)).statusCode).toBe(200);
    const firstToken = await linkTokenFor(first);
    const second = freshAddress();
    expect((await changeTo(me.http, second)).statusCode).toBe(200);
    const secondToken = await linkTokenFor(second);

    expect((await confirm(client(t), firstToken)).statusCode).toBe(400);
    expect((await confirm(client(t), "not-a-token")).statusCode).toBe(400);
    expect((await client(t).post("/api/email-change/confirm", {})).json().fields).toHaveProperty("token");

    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.value, `${me.user.id} %`));
    expect((await confirm(client(t), secondToken)).statusCode).toBe(400);
    expect((await userRow(me.user.id))?.email).toBe(me.email);
  });

  it("another person signed in cannot use the link; it still works for its owner", async () => {
    const me = await signedInPerson(t);
    const stranger = await signedInPerson(t);
    const next = freshAddress();
    expect((await changeTo(me.http, next)).statusCode).toBe(200);
    const token = await linkTokenFor(next);

    const refused = await confirm(stranger.http, token);
    expect(refused.statusCode).toBe(403);
    expect((await userRow(stranger.user.id))?.email).toBe(stranger.email);
    expect((await userRow(me.user.id))?.email).toBe(me.email);

    expect((await confirm(me.http, token)).statusCode).toBe(200);
    expect((await userRow(me.user.id))?.email).toBe(next);
  });

  it("refuses when someone else took the address between the request and the link", async () => {
    const me = await signedInPerson(t);
    const next = freshAddress();
    expect((await changeTo(me.http, next)).statusCode).toBe(200);
    const token = await linkTokenFor(next);
    await createUser(t, { name: "Quick Person", email: next, role: "user" });
    const res = await confirm(me.http, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty("email");
    expect((await userRow(me.user.id))?.email).toBe(me.email);
  });

  it("an account without a password (Google) needs a fresh sign-in instead", async () => {
    const me = await signedInPerson(t);
    await t.db.update(accounts).set({ password: null }).where(eq(accounts.userId, me.user.id));
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.userId, me.user.id));
    const stale = await changeTo(me.http, freshAddress(), undefined);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe(
      "For your safety, sign in again (within 10 minutes) before changing your email address.",
    );
    await t.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, me.user.id));
    expect((await changeTo(me.http, freshAddress(), undefined)).statusCode).toBe(200);
  });

  it("two accounts following links to one address at once: one gets it, the other is told it is taken", async () => {
    const one = await signedInPerson(t);
    const two = await signedInPerson(t);
    const next = freshAddress();
    expect((await changeTo(one.http, next)).statusCode).toBe(200);
    const first = await linkTokenFor(next);
    expect((await changeTo(two.http, next)).statusCode).toBe(200);
    const second = await linkTokenFor(next);
    const answers = await Promise.all([confirm(one.http, first), confirm(two.http, second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.db.select({ id: users.id }).from(users).where(eq(users.email, next));
    expect(owners).toHaveLength(1);
  });

  it("is limited per account like other emailed links (429 with Retry-After)", async () => {
    const me: Person = await signedInPerson(t);
    for (let i = 0; i < 3; i++) expect((await changeTo(me.http, freshAddress())).statusCode).toBe(200);
    const waiting = await changeTo(me.http, freshAddress());
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers["retry-after"]).toBeDefined();
  });

  it("keeps one live link per account, for 24 hours, named by the token's hash", async () => {
    const me = await signedInPerson(t);
    const next = freshAddress();
    expect((await changeTo(me.http, next)).statusCode).toBe(200);
    const token = await linkTokenFor(next);
    const row = await t.db
      .select()
      .from(verifications)
      .where(and(like(verifications.identifier, "change-email:%"), like(verifications.value, `${me.user.id} %`)));
    expect(row).toHaveLength(1);
    expect(row[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60_000);
    expect(token.length).toBeGreaterThan(30);
  });
});
