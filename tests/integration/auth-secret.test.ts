import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { PUBLIC_URL, startTestApp, type TestApp } from "../support/test-app.ts";

/** The secret every copy of ReLaptop shipped with, public in its source. */
const PUBLIC_DEMO_SECRET = "relaptop-embedded-demo-secret-not-for-production";

/** A session cookie as better-auth signs it: the token, a dot, and the token's HMAC-SHA256 under the secret. */
const signed = (token: string, secret: string) =>
  encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);

let t: TestApp;
beforeAll(async () => {
  // Embedded production, as `npm start` runs it, with no AUTH_SECRET set.
  t = await startTestApp({ NODE_ENV: "production", AUTH_SECRET: "" });
  await createUser(t, { name: "Cora Cookie", email: "cora@x.test" });
});
afterAll(() => t?.close());

describe("embedded production without AUTH_SECRET", () => {
  it("refuses a session cookie signed with the public demo secret", async () => {
    const session = await client(t).signIn("cora@x.test");
    const cookie = String(session.headers["set-cookie"]).match(/relaptop\.session_token=([^;]+)/)?.[1] ?? "";
    const token = decodeURIComponent(cookie).split(".")[0] as string;
    // The cookie really is signed this way: with the app's own secret, the same cookie comes out.
    expect(signed(token, t.config.authSecret)).toBe(cookie);

    const real = await client(t).get("/api/me", { cookie: `relaptop.session_token=${cookie}`, origin: PUBLIC_URL });
    expect(real.statusCode).toBe(200);
    const forged = await client(t).get("/api/me", {
      cookie: `relaptop.session_token=${signed(token, PUBLIC_DEMO_SECRET)}`,
      origin: PUBLIC_URL,
    });
    expect(forged.statusCode).toBe(401);
  });
});
