import { describe, expect, it } from "vitest";
import { createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { type TestApp, testAppForTests } from "../support/test-app.ts";

/**
 * The client address behind proxies is the right-most one no trusted proxy added: a client can write any
 * X-Forwarded-For it likes, and a proxy appends the address it saw. Trusting the left-most entry let a
 * spoofed address dodge the login limit entirely (22 failures, no 429).
 */
const signInFrom = (t: TestApp, forwarded: string, email: string, password = "Passw0rd!") =>
  client(t).post("/api/auth/sign-in/email", { email, password }, { "x-forwarded-for": forwarded });
const failFiveTimes = async (t: TestApp, email: string, forwarded: (i: number) => string) => {
  for (let i = 0; i < 5; i++) {
    const res = await signInFrom(t, forwarded(i), email, "wrong");
    expect(res.statusCode).toBe(401);
  }
};

describe("one trusted proxy (TRUST_PROXY=1)", () => {
  const t = testAppForTests({ TRUST_PROXY: "1" });

  it("limits the address the proxy saw, whatever the client wrote before it", async () => {
    await createUser(t, { name: "Spoofed Sam", email: "spoof@x.test" });
    // Each try claims another origin on the left; the proxy appended the same real address.
    await failFiveTimes(t, "spoof@x.test", (i) => `198.51.100.${i}, 203.0.113.7`);
    const sixth = await signInFrom(t, "198.51.100.99, 203.0.113.7", "spoof@x.test");
    expect(sixth.statusCode).toBe(429);
  });
});

describe("proxies named by address (TRUST_PROXY=10.0.0.0/8,127.0.0.1)", () => {
  const t = testAppForTests({ TRUST_PROXY: "10.0.0.0/8,127.0.0.1" });

  it("takes the right-most address that is not one of them", async () => {
    await createUser(t, { name: "Chained Cleo", email: "chain@x.test" });
    // client-written, then the client as the outer proxy saw it, then an inner proxy of ours.
    await failFiveTimes(t, "chain@x.test", (i) => `192.0.2.${i}, 203.0.113.8, 10.1.2.3`);
    const blocked = await signInFrom(t, "203.0.113.8, 10.9.9.9", "chain@x.test");
    expect(blocked.statusCode).toBe(429);
    // Someone else, behind the same proxies, is not.
    const other = await signInFrom(t, "203.0.113.9, 10.9.9.9", "chain@x.test");
    expect(other.statusCode).toBe(200);
  });
});
