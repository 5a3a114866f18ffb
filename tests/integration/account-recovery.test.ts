import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RECOVERY_LIMITS, RESET_ANSWER_MS } from "../../core/accounts/index.ts";
import { users, verifications } from "../../db/schema/index.ts";
import { RECOVERY_MESSAGES } from "../../schemas/account-recovery.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { closePageBuild, loadPageBuild } from "../support/page-build.ts";
import { signedInClient } from "../support/people.ts";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { PUBLIC_URL, startTestApp, type TestApp } from "../support/test-app.ts";

let smtp: SmtpServer;
let t: TestApp;
let n = 0;
const NEW_PASSWORD = "N3w!pass";

const deliver = () => t.services.notifications.deliverEmailsNow();
const newAccount = async () => {
  const email = `owner${++n}@x.test`;
  return createUser(t, { name: `Owner ${n}`, email });
};
/** The link of the last email that arrived for this address, with its token. */
function lastLink(address: string, path: string) {
  const mail = smtp.to(address).at(-1);
  const url = mail?.text?.match(new RegExp(`${PUBLIC_URL}${path}\\?token=[\\w.-]+`))?.[0];
  if (!mail || !url) throw new Error(`no ${path} link for ${address}`);
  return { mail, url, token: new URL(url).searchParams.get("token") ?? "" };
}
const askReset = (email: string) => client(t).post("/api/auth/request-password-reset", { email });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Every request here comes from 127.0.0.1: the per-address limits get their own app below.
  t = await startTestApp(
    { SMTP_URL: smtp.url },
    {
      retryJobsAtOnce: true,
      log: () => {},
      recoveryLimits: {
        ...DEFAULT_RECOVERY_LIMITS,
        resetPerAddress: { limit: 1000, windowMs: 60_000 },
        attemptsPerAddress: { limit: 1000, windowMs: 60_000 },
      },
    },
  );
  await t.services.jobs.start();
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await closePageBuild();
});

describe("forgot password", () => {
  it("answers a known and an unknown email alike, in the same time, and emails only the known one", async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const account = await newAccount();
      for (const [email, times] of [
        [account.email, known],
        [`nobody${n}-${i}@x.test`, unknown],
      ] as const) {
        const started = performance.now();
        const res = await askReset(email);
        times.push(performance.now() - started);
        expect(res.statusCode, res.body).toBe(200);
        bodies.add(res.body);
      }
    }
    expect(bodies.size).toBe(1);
    // Both wait out the same floor; a generous bound on the medians, never a tight one.
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(150);

    expect(smtp.received).toHaveLength(0); // nothing is sent in the request
    await deliver();
    expect(smtp.to(`owner${n}@x.test`)).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes("nobody"))).toHaveLength(0);
  });

  it("emails a link that sets the new password once, signs in, ends the other sessions and refuses the old password", async () => {
    const owner = await newAccount();
    const [laptop, phone] = [client(t), client(t)];
    await laptop.signIn(owner.email);
    await phone.signIn(owner.email);

    expect((await askReset(owner.email)).statusCode).toBe(200);
    await deliver();
    const { mail, url, token } = lastLink(owner.email, "/reset-password");
    expect(mail.subject).toBe("Reset your ReLaptop password");
    expect(mail.html).toContain(url.replace(/&/g, "&amp;"));
    expect(await t.services.accounts.recovery.resetLinkWorks(token)).toBe(true);

    const browser = client(t);
    const weak = await browser.post("/api/auth/reset-password", { token, newPassword: "password" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ fields: { newPassword: "Password must be strong!" } });

    const res = await browser.post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    // The owner is told their password changed (whoever followed the link).
    await deliver();
    expect(smtp.to(owner.email).at(-1)?.subject).toBe("How you sign in to ReLaptop changed");
    expect((await browser.get("/api/me")).json()).toMatchObject({ email: owner.email });
    expect((await laptop.get("/api/me")).statusCode).toBe(401);
    expect((await phone.get("/api/me")).statusCode).toBe(401);

    const old = await client(t).post("/api/auth/sign-in/email", { email: owner.email, password: "Passw0rd!" });
    expect(old.statusCode).toBe(401);
    await client(t).signIn(owner.email, NEW_PASSWORD);

    const again = await client(t).post("/api/auth/reset-password", { token, newPassword: "An0ther!pw" });
    expect(again.statusCode).toBe(400);
    expect(await t.services.accounts.recovery.resetLinkWorks(token)).toBe(false);
    const page = await t.services.accounts.recovery.resetPassword({ token, newPassword: "An0ther!pw" }, new Headers());
    expect(page.ok).toBe(false);
  });

  it("refuses a link past its hour, and says so", async () => {
    const owner = await newAccount();
    await askReset(owner.email);
    await deliver();
    const { token } = lastLink(owner.email, "/reset-password");
    await t.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect(await t.services.accounts.recovery.resetLinkWorks(token)).toBe(false);
    const res = await client(t).post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    await client(t).signIn(owner.email); // the password stayed
  });

  it("lets the owner in after a reset even when guesses had blocked their address", async () => {
    const owner = await newAccount();
    const guesser = client(t);
    for (let i = 0; i < 5; i++) {
      await guesser.post("/api/auth/sign-in/email", { email: owner.email, password: "Wr0ng!pw" });
    }
    const blocked = await guesser.post("/api/auth/sign-in/email", { email: owner.email, password: "Passw0rd!" });
    expect(blocked.statusCode).toBe(429);
    await askReset(owner.email);
    await deliver();
    const { token } = lastLink(owner.email, "/reset-password");
    const res = await client(t).post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    await client(t).signIn(owner.email, NEW_PASSWORD);
  });

  it("keeps one live link per account: a newer link ends the older one, and a reset ends the rest", async () => {
    const owner = await newAccount();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await askReset(owner.email)).statusCode).toBe(200);
      await deliver();
      tokens.push(lastLink(owner.email, "/reset-password").token);
    }
    const [older = "", newer = ""] = tokens;
    expect(newer).not.toBe(older);
    expect(await t.services.accounts.recovery.resetLinkWorks(older)).toBe(false);
    expect(await t.services.accounts.recovery.resetLinkWorks(newer)).toBe(true);

    const reset = await client(t).post("/api/auth/reset-password", { token: newer, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await signedInClient(t, owner.email, NEW_PASSWORD);
    // The older link changes nothing: not the password, not the sessions.
    const again = await client(t).post("/api/auth/reset-password", { token: older, newPassword: "An0ther!pw" });
    expect(again.statusCode).toBe(400);
    expect((await signedIn.get("/api/me")).statusCode).toBe(200);
    await client(t).signIn(owner.email, NEW_PASSWORD);
  });

  it("ends every other link of the account when one is used, even one asked for before this rule", async () => {
    const owner = await newAccount();
    await askReset(owner.email);
    await deliver();
    const { token } = lastLink(owner.email, "/reset-password");
    // A second live link, as one asked for before there was one live link per account.
    const stray = `stray${n}`;
    await t.db.insert(verifications).values({
      id: `stray-${n}`,
      identifier: `reset-password:${stray}`,
      value: owner.id,
      expiresAt: sql`now() + interval '1 hour'`,
      createdAt: sql`now() - interval '10 minutes'`,
    });
    expect(await t.services.accounts.recovery.resetLinkWorks(stray)).toBe(true);
    const reset = await client(t).post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await t.services.accounts.recovery.resetLinkWorks(stray)).toBe(false);
    const used = await client(t).post("/api/auth/reset-password", { token: stray, newPassword: "An0ther!pw" });
    expect(used.statusCode).toBe(400);
    await client(t).signIn(owner.email, NEW_PASSWORD);
  });

  it("ends the account's reset link when its password is changed on /profile", async () => {
    // An app with the pages (this file's other tests time answers: they run without Vite's build about).
    const own = await startTestApp({}, { log: () => {} }, { pages: await loadPageBuild() });
    try {
      const owner = await createUser(own, { name: "Paula Profile", email: "paula@x.test" });
      expect((await client(own).post("/api/auth/request-password-reset", { email: owner.email })).statusCode).toBe(200);
      const [link] = await own.runtime.db
        .select({ identifier: verifications.identifier })
        .from(verifications)
        .where(eq(verifications.value, owner.id));
      const token = link?.identifier.replace("reset-password:", "") ?? "";
      expect(await own.services.accounts.recovery.resetLinkWorks(token)).toBe(true);
      const me = client(own);
      await me.signIn(owner.email);
      const changed = await me.raw(
        "POST",
        "/profile",
        new URLSearchParams({ intent: "password", currentPassword: "Passw0rd!", newPassword: NEW_PASSWORD }).toString(),
        { "content-type": "application/x-www-form-urlencoded" },
      );
      // Posted without JavaScript, the profile answers in the same request, signed in with the renewed session
      // (the old one ended with the change): the page itself, not the login it sent to before.
      expect(changed.statusCode, changed.body.slice(0, 300)).toBe(200);
      expect(changed.body).toContain("Paula Profile");
      expect(changed.body).not.toContain("Please log in");
      await client(own).signIn(owner.email, NEW_PASSWORD);
      expect(await own.services.accounts.recovery.resetLinkWorks(token)).toBe(false);
      const late = await client(own).post("/api/auth/reset-password", { token, newPassword: "An0ther!pw" });
      expect(late.statusCode).toBe(400);
      await client(own).signIn(owner.email, NEW_PASSWORD);
    } finally {
      await own.close();
    }
  }, 90_000); // an app of its own with the pages: a cold start on a busy runner

  it("limits reset links per email with a clear 429, whether the account exists or not", async () => {
    for (const email of [(await newAccount()).email, "ghost@x.test"]) {
      for (let i = 0; i < 3; i++) expect((await askReset(email)).statusCode).toBe(200);
      const res = await askReset(email);
      expect(res.statusCode).toBe(429);
      expect(res.headers["retry-after"]).toBeDefined();
      expect(res.json().message).toMatch(/^Too many password reset requests for this email address\. Try again in/);
    }
  });
});

describe("limits per client address", () => {
  it("answers 429 once one address asked for too many links", async () => {
    const small = await startTestApp(
      {},
      {
        recoveryLimits: {
          resetPerEmail: { limit: 10, windowMs: 60_000 },
          resetPerAddress: { limit: 2, windowMs: 60_000 },
          attemptsPerAddress: { limit: 2, windowMs: 60_000 },
          verifyPerEmail: { limit: 10, windowMs: 60_000 },
        },
        log: () => {},
      },
    );
    try {
      const ask = (email: string) => client(small).post("/api/auth/request-password-reset", { email });
      expect((await ask("a@x.test")).statusCode).toBe(200);
      expect((await ask("b@x.test")).statusCode).toBe(200);
      const res = await ask("c@x.test");
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/from your network/);
      const attempt = () =>
        client(small).post("/api/auth/reset-password", { token: "nope", newPassword: NEW_PASSWORD });
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await small.close();
    }
  });
});

describe("email verification", () => {
  it("sends a link on sign-up, again on request (limited), and the link verifies the address", async () => {
    const http = client(t);
    const email = "newcomer@x.test";
    const res = await http.post("/api/auth/sign-up/email", { name: "Newcomer", email, password: "Str0ng!pw" });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().user as { id: string };
    // What the banner reads (the session's account), unverified until the link is used.
    expect((await http.get("/api/me")).json()).toMatchObject({ id, emailVerified: false });
    await deliver();
    const first = lastLink(email, "/verify-email");
    expect(first.mail.subject).toBe("Verify your email address on ReLaptop");

    for (let i = 0; i < 3; i++) {
      expect((await http.post("/api/auth/send-verification-email", { email })).statusCode).toBe(200);
    }
    const limited = await http.post("/api/auth/send-verification-email", { email });
    expect(limited.statusCode).toBe(429);
    await deliver();
    expect(smtp.to(email)).toHaveLength(4);

    const verified = await client(t).get(`/api/auth/verify-email?token=${encodeURIComponent(first.token)}`);
    expect(verified.statusCode, verified.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row?.emailVerified).toBe(true);
    expect((await http.get("/api/me")).json()).toMatchObject({ id, emailVerified: true });
    expect(await t.services.accounts.recovery.verifyEmail("not-a-token")).toBe(false);
  });

  it("sends sellers a link too; accounts our own code makes are trusted", async () => {
    const email = "seller-new@x.test";
    await t.services.accounts.register(
      { name: "New Seller", email, password: "Str0ng!pw", as: "seller" },
      new Headers({ "x-forwarded-for": "10.0.0.7" }),
    );
    await deliver();
    expect(lastLink(email, "/verify-email").mail.subject).toBe("Verify your email address on ReLaptop");
    const made = await newAccount();
    const [trusted] = await t.db.select().from(users).where(eq(users.id, made.id));
    expect(trusted?.emailVerified).toBe(true);
  });

  it("shows admins whether each address is confirmed, on All Sellers and All User", async () => {
    const admin = await createUser(t, { name: "Ada", email: "ada@x.test", role: "admin" });
    const seller = "unconfirmed-seller@x.test";
    await t.services.accounts.register(
      { name: "Una Seller", email: seller, password: "Str0ng!pw", as: "seller" },
      new Headers({ "x-forwarded-for": "10.0.0.9" }),
    );
    const sellers = await t.services.moderation.people.list(admin, "seller", { q: seller });
    expect(sellers.people).toEqual([expect.objectContaining({ email: seller, emailVerified: false })]);
    const buyers = await t.services.moderation.people.list(admin, "user", { q: "newcomer@x.test" });
    expect(buyers.people).toEqual([expect.objectContaining({ emailVerified: true })]);
    const res = await client(t).get("/api/sellers?q=unconfirmed");
    expect(res.statusCode).toBe(401);
    const http = await signedInClient(t, admin.email);
    expect((await http.get(`/api/sellers?q=${encodeURIComponent(seller)}`)).json()).toMatchObject({
      people: [{ email: seller, emailVerified: false }],
    });
  });

  it("is one of a seller's trust marks, on cards, laptop pages and the seller's page", async () => {
    const brand = await createBrand(t, "Lenovo");
    const [confirmed, unconfirmed] = await Promise.all([
      createUser(t, { name: "Cora Seller", email: "cora@x.test", role: "seller" }),
      createUser(t, { name: "Uma Seller", email: "uma@x.test", role: "seller" }),
    ]);
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
    for (const [seller, mark] of [
      [confirmed, true],
      [unconfirmed, false],
    ] as const) {
      const advert = await createAdvert(t, {
        sellerId: seller.id,
        brandId: brand.id,
        name: "T14",
        resalePriceCents: 1,
      });
      expect((await client(t).get(`/api/adverts/${advert.id}`)).json()).toMatchObject({ sellerEmailConfirmed: mark });
      const cards = (await client(t).get("/api/adverts?q=T14")).json().items as { id: string }[];
      expect(cards.find((c) => c.id === advert.id)).toMatchObject({ sellerEmailConfirmed: mark });
      expect(await t.services.catalogue.getSellerProfile(seller.id)).toMatchObject({ emailConfirmed: mark });
    }
  });

  it("does not resend to a verified address", async () => {
    const made = await newAccount();
    await t.services.accounts.recovery.resendVerification(made.email, new Headers({ "x-forwarded-for": "10.0.0.8" }));
    await deliver();
    expect(smtp.to(made.email)).toHaveLength(0);
    expect(RECOVERY_MESSAGES.verifyPlease).toBe("Please verify your email address.");
  });
});
