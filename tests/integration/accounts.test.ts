import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema/index.ts";
import { createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createUser(t, { name: "Ada Admin", email: "admin@x.test", role: "admin" });
  await createUser(t, { name: "Sam Seller", email: "seller@x.test", role: "seller" });
  await createUser(t, { name: "Bea Buyer", email: "buyer@x.test" });
});
afterAll(() => t?.close());

describe("sign-up", () => {
  it("answers every spec message for missing and weak fields, in the one error shape", async () => {
    const res = await client(t).post("/api/auth/sign-up/email", { name: " ", email: "", password: "abc" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: "Check the highlighted fields.",
      fields: {
        name: "Name is required",
        email: "Email is required",
        password: "Password must be 6 character or longer!",
      },
    });
    const weak = await client(t).post("/api/auth/sign-up/email", {
      name: "A",
      email: "a@x.test",
      password: "abcdefgh",
    });
    expect(weak.json().fields).toEqual({ password: "Password must be strong!" });
  });

  it("creates a buyer with role user, signed in at once", async () => {
    const c = client(t);
    const res = await c.post("/api/auth/sign-up/email", { name: "New", email: "new@x.test", password: "Str0ng!pw" });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["set-cookie"])).toMatch(/relaptop\.session_token=.*HttpOnly.*SameSite=Lax/i);
    const me = await c.get("/api/me");
    expect(me.json()).toMatchObject({ email: "new@x.test", role: "user", verified: false });
  });

  it("refuses a second account with the same email, with the provider's message", async () => {
    const res = await client(t).post("/api/auth/sign-up/email", {
      name: "Again",
      email: "buyer@x.test",
      password: "Str0ng!pw",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/already exists/i);
  });

  it("never lets a client choose its role", async () => {
    const c = client(t);
    await c.post("/api/auth/sign-up/email", { name: "Eve", email: "eve@x.test", password: "Str0ng!pw", role: "admin" });
    expect((await c.get("/api/me/is-admin")).json()).toEqual({ isAdmin: false });
  });

  it("registers sellers through the domain with verified false, acting as a seller", async () => {
    await t.services.accounts.register(
      { name: "Sol", email: "sol@x.test", password: "Str0ng!pw", as: "seller" },
      new Headers(),
    );
    const c = await signedInClient(t, "sol@x.test", "Str0ng!pw");
    expect((await c.get("/api/me")).json()).toMatchObject({ role: "seller", verified: false, actingAsSeller: true });
  });
});

describe("sign-in", () => {
  it("answers 401 with the provider's message for a wrong password", async () => {
    const res = await client(t).post("/api/auth/sign-in/email", { email: "buyer@x.test", password: "nope" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Invalid email or password");
  });

  it("names the missing fields with the login messages", async () => {
    const res = await client(t).post("/api/auth/sign-in/email", { email: "", password: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: "Email Address is required", password: "Password field is required" });
  });

  it("rate-limits repeated failures on one account from one address with 429, even with the right password", async () => {
    // Other addresses, the owner's among them, are not blocked: login-limits.test.ts.
    const c = client(t);
    const target = { email: "seller@x.test", password: "wrong" };
    for (let i = 0; i < 5; i++) expect((await c.post("/api/auth/sign-in/email", target)).statusCode).toBe(401);
    const blocked = await c.post("/api/auth/sign-in/email", { email: "seller@x.test", password: "Passw0rd!" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed logins/);
  });

  it("ends the session on sign-out", async () => {
    const c = await signedInClient(t, "buyer@x.test");
    expect((await c.get("/api/me")).statusCode).toBe(200);
    await c.post("/api/auth/sign-out");
    expect((await c.get("/api/me")).statusCode).toBe(401);
  });
});

describe("role checks come from the server session", () => {
  it("answers 401 to anonymous callers in the error shape", async () => {
    const res = await client(t).get("/api/me/is-admin");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: "UNAUTHENTICATED", message: "Please log in first." });
  });

  it.each([
    ["admin@x.test", { isAdmin: true }, { isSeller: false }],
    ["seller@x.test", { isAdmin: false }, { isSeller: true }],
    ["buyer@x.test", { isAdmin: false }, { isSeller: false }],
  ])("%s", async (email, admin, seller) => {
    const c = client(t);
    if (email === "seller@x.test") {
      // The throttle test above locked this account; a fresh seller stands in.
      await createUser(t, { name: "S2", email: "seller2@x.test", role: "seller" });
      await c.signIn("seller2@x.test");
    } else {
      await c.signIn(email);
    }
    expect((await c.get("/api/me/is-admin")).json()).toEqual(admin);
    expect((await c.get("/api/me/is-seller")).json()).toEqual(seller);
  });
});

describe("sessions are read from the database on every request", () => {
  async function signedIn(email: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password: "Passw0rd!" },
    });
    const cookie = [res.headers["set-cookie"]]
      .flat()
      .map((c) => String(c).split(";")[0])
      .join("; ");
    const [, token] = /session_token=([^.;]+)/.exec(decodeURIComponent(cookie)) ?? [];
    return { cookie, token: token as string };
  }
  const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  const expiry = async (token: string) =>
    (await t.db.select().from(sessions).where(eq(sessions.token, token)))[0]?.expiresAt;
  const DAY = 24 * 60 * 60 * 1000;

  it("refuses a session cookie whose signature is not ours", async () => {
    await createUser(t, { name: "Sig Buyer", email: "sig@x.test" });
    const { cookie, token } = await signedIn("sig@x.test");
    expect((await me(cookie)).statusCode).toBe(200);
    const forged = cookie.replace(/(session_token=[^.;]+\.)[^;]{4}/, "$1AAAA");
    expect(forged).not.toBe(cookie);
    expect((await me(forged)).statusCode).toBe(401);
    // A signature checked once is not checked again, but the session still is: ended, it is refused.
    expect((await me(cookie)).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.token, token));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("extends a session in use a day after it was last extended, and refuses and removes an expired one", async () => {
    await createUser(t, { name: "Old Buyer", email: "old@x.test" });
    const { cookie, token } = await signedIn("old@x.test");
    // Signed in eight days ago and extended a day later: six days left, due for its daily extension.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 6 * DAY) })
      .where(eq(sessions.token, token));
    const extended = await me(cookie);
    expect(extended.statusCode).toBe(200);
    expect((await expiry(token))?.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY);
    // The browser is told too: without the cookie again, with its new lifetime, it would drop it in six days.
    expect(String(extended.headers["set-cookie"])).toMatch(/session_token=[^;]+;.*Max-Age=(60[0-9]{4})/i);
    expect((await me(cookie)).headers["set-cookie"]).toBeUndefined(); // once a day, not on every request

    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await expiry(token)).toBeUndefined();
  });

  it("reads the first of two session cookies, as better-auth does (one may be set for a wider domain)", async () => {
    await createUser(t, { name: "First Buyer", email: "first@x.test" });
    await createUser(t, { name: "Second Buyer", email: "second@x.test" });
    const first = await signedIn("first@x.test");
    const second = await signedIn("second@x.test");
    const both = `${first.cookie}; ${second.cookie}`;
    expect((await me(both)).json()).toMatchObject({ email: "first@x.test" });
  });

  it("refuses a deleted account's session on its next request", async () => {
    const user = await createUser(t, { name: "Gone Buyer", email: "gone@x.test" });
    const { cookie } = await signedIn("gone@x.test");
    expect((await me(cookie)).statusCode).toBe(200);
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
