import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeviceCookies, RESET_ANSWER_MS } from "../../core/accounts/index.ts";
import { users, verifications } from "../../db/schema/index.ts";
import { LOGIN_MESSAGES } from "../../schemas/login-limits.ts";
import { createUser } from "../../seed/factories.ts";
import { buildApp } from "../../server/app.ts";
import { createServices } from "../../server/services.ts";
import { type Client, client } from "../support/http.ts";
import { closePageBuild, loadPageBuild } from "../support/page-build.ts";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { PUBLIC_URL, startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Failed logins and sign-ups are limited by address, so that one address can neither guess passwords
 * nor lock the real owner out, nor open accounts without end; many addresses guessing one account stop
 * at its ceiling, which holds back devices the account does not know and never the owner's own (device
 * cookies), nor the owner with an emailed sign-in link. TRUST_PROXY lets each request name its address in
 * X-Forwarded-For, as a reverse proxy would.
 */
let t: TestApp;
let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp(
    { TRUST_PROXY: "true", SMTP_URL: smtp.url },
    { retryJobsAtOnce: true, log: () => {} },
    { pages: await loadPageBuild() },
  );
  await t.services.jobs.start();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await closePageBuild();
});

const from = (address: string) => ({ "x-forwarded-for": address });
const signIn = (email: string, password: string, address: string) =>
  client(t).post("/api/auth/sign-in/email", { email, password }, from(address));
const form = (address: string) => ({ "content-type": "application/x-www-form-urlencoded", ...from(address) });

describe("failed logins", () => {
  it("block the guessing address, never the owner signing in from elsewhere", async () => {
    await createUser(t, { name: "Olive Owner", email: "olive@x.test" });
    for (let i = 0; i < 5; i++) expect((await signIn("olive@x.test", "wrong", "10.1.0.1")).statusCode).toBe(401);

    const blocked = await signIn("olive@x.test", "Passw0rd!", "10.1.0.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: "Too many failed logins. Try again in 15 minutes.",
    });
    expect((await signIn("olive@x.test", "Passw0rd!", "10.1.0.2")).statusCode).toBe(200);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it("block an address spraying many accounts, for every account", async () => {
    await createUser(t, { name: "Sky Sprayed", email: "sky@x.test" });
    for (let i = 0; i < 20; i++) await signIn(`nobody${i}@x.test`, "wrong", "10.2.0.1");
    expect((await signIn("sky@x.test", "Passw0rd!", "10.2.0.1")).statusCode).toBe(429);
    expect((await signIn("sky@x.test", "Passw0rd!", "10.2.0.2")).statusCode).toBe(200);
  });

  it("stop distributed guessing of one account at a much higher ceiling", async () => {
    await createUser(t, { name: "Dora Distributed", email: "dora@x.test" });
    // 100 guesses from 50 addresses, two each: no address reaches its own limits.
    for (let i = 0; i < 100; i++) {
      expect((await signIn("dora@x.test", "wrong", `10.3.${Math.floor(i / 2)}.1`)).statusCode).toBe(401);
    }
    const blocked = await signIn("dora@x.test", "Passw0rd!", "10.3.200.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many failed logins to this account from devices it has not signed in on before\. Try again in \d+ minutes?, or sign in with a link we email you\.$/,
    );
  });

  it("are counted in the database on PostgreSQL, so every app process sees them", async () => {
    if (t.database.kind !== "postgres") return; // the embedded database serves one process only
    await createUser(t, { name: "Pat Shared", email: "pat@x.test" });
    for (let i = 0; i < 5; i++) await signIn("pat@x.test", "wrong", "10.4.0.1");
    // A second app on the same database, as a second process would be.
    const other = await buildApp({
      config: t.config,
      ...createServices(t.config, t.database, { insecureFastHash: true }),
      pages: false,
    });
    try {
      const res = await other.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: "pat@x.test", password: "Passw0rd!" },
        headers: from("10.4.0.1"),
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe("strangers cannot lock the owner out (issue #43)", () => {
  const PAUSED = "Someone is trying to sign in to your ReLaptop account";
  const LINK = "Your ReLaptop sign-in link";
  let net = 20;
  /** Twenty addresses, five wrong passwords each: no address reaches its own limits, the account its ceiling. */
  async function attack(email: string) {
    const subnet = net++;
    for (let a = 0; a < 20; a++) {
      for (let i = 0; i < 5; i++) {
        expect((await signIn(email, "wrong", `10.${subnet}.${a}.1`)).statusCode).toBe(401);
      }
    }
  }
  const deliver = () => t.services.notifications.deliverEmailsNow();
  const mails = (email: string, subject: string) => smtp.to(email).filter((m) => m.subject === subject);
  /** The last sign-in link emailed to this address: its token. */
  function lastToken(email: string) {
    const text = mails(email, LINK).at(-1)?.text ?? "";
    const url = text.match(new RegExp(`${PUBLIC_URL}/login/link\\?token=[\\w.-]+`))?.[0];
    if (!url) throw new Error(`no sign-in link for ${email}`);
    return new URL(url).searchParams.get("token") ?? "";
  }
  const askLink = (email: string, address: string) =>
    client(t).post("/api/auth/sign-in/magic-link", { email }, from(address));
  const useLink = (browser: Client, token: string, address: string) =>
    browser.raw("POST", "/login/link", new URLSearchParams({ intent: "use-link", token }).toString(), form(address));

  it("lets a browser that signed in before in, from anywhere; tells a new one of the emailed link", async () => {
    await createUser(t, { name: "Nora Known", email: "nora@x.test" });
    const laptop = client(t);
    expect(
      (await laptop.post("/api/auth/sign-in/email", { email: "nora@x.test", password: "Passw0rd!" }, from("10.19.0.1")))
        .statusCode,
    ).toBe(200);
    await laptop.post("/api/auth/sign-out", {}, from("10.19.0.1"));

    await attack("nora@x.test");
    const stranger = await signIn("nora@x.test", "Passw0rd!", "10.19.0.2");
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe(
      `${LOGIN_MESSAGES.accountPaused} Try again in 60 minutes, ${LOGIN_MESSAGES.orLink}.`,
    );
    expect(Number(stranger.headers["retry-after"])).toBeGreaterThan(59 * 60);

    // The owner's laptop: from a new address, and from one of the guessers' own.
    for (const address of ["10.19.0.3", "10.20.0.1"]) {
      const res = await laptop.post(
        "/api/auth/sign-in/email",
        { email: "nora@x.test", password: "Passw0rd!" },
        from(address),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await laptop.get("/api/me")).json()).toMatchObject({ email: "nora@x.test" });
    }

    // The same through the login page: the refusal says why, and offers the link beside it.
    const page = await client(t).raw(
      "POST",
      "/login",
      new URLSearchParams({ email: "nora@x.test", password: "Passw0rd!", redirectTo: "/" }).toString(),
      form("10.19.0.4"),
    );
    expect(page.statusCode).toBe(429);
    // The page's refusal says when to come back, as the API's does: the ceiling's own wait, not a default.
    expect(Number(page.headers["retry-after"])).toBeGreaterThan(59 * 60);
    expect(page.body).toContain(LOGIN_MESSAGES.accountPaused);
    expect(page.body).toContain("Email me a sign-in link");

    // Told by email once, however many attempts come after the ceiling.
    await signIn("nora@x.test", "wrong", "10.19.0.5");
    await deliver();
    expect(mails("nora@x.test", PAUSED)).toHaveLength(1);
    expect(mails("nora@x.test", PAUSED)[0]?.text).toContain(`${PUBLIC_URL}/login/link`);
  });

  it("signs the owner in from a new device through the emailed link, once; that device is then known", async () => {
    await createUser(t, { name: "Lena Linked", email: "lena@x.test" });
    await attack("lena@x.test");
    expect((await signIn("lena@x.test", "Passw0rd!", "10.39.0.1")).statusCode).toBe(429);

    // Asked for on the login page, beside the refusal.
    const phone = client(t);
    const asked = await phone.raw(
      "POST",
      "/login",
      new URLSearchParams({ intent: "email-link", email: "lena@x.test" }).toString(),
      form("10.39.0.1"),
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(LOGIN_MESSAGES.linkSent);
    await deliver();
    const token = lastToken("lena@x.test");

    // Opening the link signs nobody in (mail scanners open links): its button does.
    const opened = await phone.get(`/login/link?token=${token}`, from("10.39.0.1"));
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('value="use-link"');
    expect((await phone.get("/api/me")).statusCode).toBe(401);
    const used = await useLink(phone, token, "10.39.0.1");
    expect(used.statusCode, used.body).toBe(302);
    expect(used.headers.location).toBe("/");
    expect((await phone.get("/api/me")).json()).toMatchObject({ email: "lena@x.test" });

    // Once only.
    const again = await useLink(client(t), token, "10.39.0.2");
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(LOGIN_MESSAGES.linkInvalid);
    expect((await client(t).get(`/login/link?token=${token}`)).body).toContain(LOGIN_MESSAGES.linkInvalid);

    // The phone is now a device the account knows: its password works there despite the ceiling.
    await phone.post("/api/auth/sign-out", {}, from("10.39.0.1"));
    expect(
      (await phone.post("/api/auth/sign-in/email", { email: "lena@x.test", password: "Passw0rd!" }, from("10.39.0.1")))
        .statusCode,
    ).toBe(200);
  });

  it("refuses a link past its 15 minutes", async () => {
    await createUser(t, { name: "Ezra Expired", email: "ezra@x.test" });
    expect((await askLink("ezra@x.test", "10.40.0.1")).statusCode).toBe(200);
    await deliver();
    const token = lastToken("ezra@x.test");
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, "magic-link:%"));
    const browser = client(t);
    expect((await useLink(browser, token, "10.40.0.1")).body).toContain(LOGIN_MESSAGES.linkInvalid);
    expect((await browser.get("/api/me")).statusCode).toBe(401);
  });

  it("answers a request for a link alike whether the account exists or not, and limits it", async () => {
    await createUser(t, { name: "Vic Verified", email: "vic@x.test" });
    const unconfirmed = await createUser(t, { name: "Una Unconfirmed", email: "una@x.test" });
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
    const bodies = new Set<string>();
    for (const [i, email] of ["vic@x.test", "nobody@x.test", "una@x.test"].entries()) {
      const started = performance.now();
      const res = await askLink(email, `10.41.0.${i}`);
      expect(performance.now() - started).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
      expect(res.statusCode, res.body).toBe(200);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    await deliver();
    expect(mails("vic@x.test", LINK)).toHaveLength(1);
    // An unconfirmed address gets none: better-auth would take the link as its first proof and drop the password.
    expect(smtp.to("nobody@x.test")).toHaveLength(0);
    expect(mails("una@x.test", LINK)).toHaveLength(0);

    for (let i = 1; i < 5; i++) expect((await askLink("vic@x.test", `10.42.0.${i}`)).statusCode).toBe(200);
    const refused = await askLink("vic@x.test", "10.42.0.9");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-in links for this email address\. Try again in/);
  });

  it("holds a device cookie to its account and its own failures", async () => {
    await createUser(t, { name: "Olga Own", email: "olga@x.test" });
    await createUser(t, { name: "Pia Paused", email: "pia@x.test" });
    const laptop = client(t);
    await laptop.post("/api/auth/sign-in/email", { email: "olga@x.test", password: "Passw0rd!" }, from("10.43.0.1"));
    await attack("pia@x.test");
    // Olga's laptop is no known device of Pia's account, by its cookie or under Pia's cookie name.
    expect(
      (await laptop.post("/api/auth/sign-in/email", { email: "pia@x.test", password: "Passw0rd!" }, from("10.43.0.1")))
        .statusCode,
    ).toBe(429);
    const devices = createDeviceCookies({ secret: t.config.authSecret, secure: false });
    const olgas = laptop.cookie().match(new RegExp(`${devices.nameFor("olga@x.test")}=([^;]+)`))?.[1];
    expect(olgas).toBeTruthy();
    const forged = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: "pia@x.test", password: "Passw0rd!" },
      headers: { ...from("10.43.0.2"), cookie: `${devices.nameFor("pia@x.test")}=${olgas}` },
    });
    expect(forged.statusCode).toBe(429);

    // A stolen cookie guesses no faster than one browser, whatever its address: then that browser waits.
    const thief = client(t);
    const jar = laptop
      .cookie()
      .split("; ")
      .filter((c) => c.startsWith("relaptop_device_"));
    for (let i = 0; i < 5; i++) {
      const res = await thief.post(
        "/api/auth/sign-in/email",
        { email: "olga@x.test", password: "wrong" },
        { ...from(`10.44.${i}.1`), cookie: jar.join("; ") },
      );
      expect(res.statusCode).toBe(401);
    }
    const stopped = await thief.post(
      "/api/auth/sign-in/email",
      { email: "olga@x.test", password: "Passw0rd!" },
      { ...from("10.44.9.1"), cookie: jar.join("; ") },
    );
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toBe("Too many failed logins. Try again in 15 minutes.");
    // Its failures were the device's alone: a new browser is not held back by them.
    expect((await signIn("olga@x.test", "Passw0rd!", "10.44.10.1")).statusCode).toBe(200);
  });

  it("sets the device cookie signed, HttpOnly, only where a password is tried", async () => {
    await createUser(t, { name: "Cora Cookie", email: "cora@x.test" });
    const res = await signIn("cora@x.test", "Passw0rd!", "10.45.0.1");
    const cookies = [res.headers["set-cookie"]].flat().map(String);
    expect(cookies[0]).toMatch(/^relaptop\.session_token=/);
    const devices = cookies.filter((c) => c.startsWith("relaptop_device_"));
    expect(devices.map((c) => c.match(/Path=([^;]+)/)?.[1])).toEqual(["/login", "/login.data", "/api/auth/sign-in"]);
    for (const cookie of devices) expect(cookie).toMatch(/HttpOnly/i);
    for (const cookie of devices) expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe("sign-up", () => {
  const signUp = (n: number, address: string) =>
    client(t).post(
      "/api/auth/sign-up/email",
      { name: `Newcomer ${n}`, email: `newcomer${n}.${address}@x.test`, password: "Str0ng!pw" },
      from(address),
    );

  it("opens five accounts an hour from one address, then says why it stops", async () => {
    for (let i = 0; i < 5; i++) expect((await signUp(i, "10.5.0.1")).statusCode).toBe(200);
    const refused = await signUp(5, "10.5.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: "Too many new accounts from your network. Try again in 60 minutes.",
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(59 * 60);
    expect((await signUp(6, "10.5.0.2")).statusCode).toBe(200);
  });

  it("still answers malformed sign-ups with their field messages, without counting them", async () => {
    for (let i = 0; i < 6; i++) {
      const res = await client(t).post(
        "/api/auth/sign-up/email",
        { name: "", email: "", password: "" },
        from("10.6.0.1"),
      );
      expect(res.statusCode).toBe(400);
    }
    expect((await signUp(0, "10.6.0.1")).statusCode).toBe(200);
  });
});
