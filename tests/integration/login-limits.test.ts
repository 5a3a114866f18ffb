import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../seed/factories.ts";
import { buildApp } from "../../server/app.ts";
import { createServices } from "../../server/services.ts";
import { client } from "../support/http.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Failed logins and sign-ups are limited by address, so that one address can neither guess passwords
 * nor lock the real owner out, nor open accounts without end. TRUST_PROXY lets each request name its
 * address in X-Forwarded-For, as a reverse proxy would.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: "true" });
});
afterAll(() => t?.close());

const from = (address: string) => ({ "x-forwarded-for": address });
const signIn = (email: string, password: string, address: string) =>
  client(t).post("/api/auth/sign-in/email", { email, password }, from(address));

describe("failed logins", () => {
  it("block the guessing address, never the owner signing in from elsewhere", async () => {
    await createUser(t.services, { name: "Olive Owner", email: "olive@x.test" });
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
    await createUser(t.services, { name: "Sky Sprayed", email: "sky@x.test" });
    for (let i = 0; i < 20; i++) await signIn(`nobody${i}@x.test`, "wrong", "10.2.0.1");
    expect((await signIn("sky@x.test", "Passw0rd!", "10.2.0.1")).statusCode).toBe(429);
    expect((await signIn("sky@x.test", "Passw0rd!", "10.2.0.2")).statusCode).toBe(200);
  });

  it("stop distributed guessing of one account at a much higher ceiling", async () => {
    await createUser(t.services, { name: "Dora Distributed", email: "dora@x.test" });
    // 100 guesses from 50 addresses, two each: no address reaches its own limits.
    for (let i = 0; i < 100; i++) {
      expect((await signIn("dora@x.test", "wrong", `10.3.${Math.floor(i / 2)}.1`)).statusCode).toBe(401);
    }
    const blocked = await signIn("dora@x.test", "Passw0rd!", "10.3.200.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many failed logins\. Try again in \d+ minutes?\.$/);
  });

  it("are counted in the database on PostgreSQL, so every app process sees them", async () => {
    if (t.services.database.kind !== "postgres") return; // the embedded database serves one process only
    await createUser(t.services, { name: "Pat Shared", email: "pat@x.test" });
    for (let i = 0; i < 5; i++) await signIn("pat@x.test", "wrong", "10.4.0.1");
    // A second app on the same database, as a second process would be.
    const other = await buildApp({
      config: t.config,
      services: createServices(t.config, t.services.database, { insecureFastHash: true }),
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
