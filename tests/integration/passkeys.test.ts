import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_RECOVERY_LIMITS } from "../../core/accounts/index.ts";
import { passkeys } from "../../db/schema/index.ts";
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from "../../schemas/passkeys.ts";
import { type Client, client } from "../support/http.ts";
import { insertPasskey } from "../support/passkeys.ts";
import { signedInPerson } from "../support/people.ts";
import { testAppForTests } from "../support/test-app.ts";

/**
 * Passkeys over HTTP: the profile's list, rename and remove (GET/PUT/DELETE /api/me/passkeys…), what the
 * WebAuthn ceremonies refuse before any authenticator is involved, and a deleted account's passkeys. Adding
 * one and signing in with one, with Chromium's virtual authenticator: tests/e2e/passkeys.spec.ts.
 */
const CHALLENGES = 12;
// Behind a proxy, so that the limit's test can come from addresses of its own (X-Forwarded-For).
const t = testAppForTests(
  { TRUST_PROXY: "true" },
  {
    recoveryLimits: {
      ...DEFAULT_RECOVERY_LIMITS,
      passkeyChallengesPerAddress: { limit: CHALLENGES, windowMs: 60_000 },
    },
  },
);

/** Answers shaped as a browser sends them, from no authenticator at all. */
const made = {
  id: "bm90LWEtY3JlZGVudGlhbA",
  rawId: "bm90LWEtY3JlZGVudGlhbA",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "oA" },
};
const signed = { ...made, response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } };

const listOf = async (http: Client) => {
  const res = await http.get("/api/me/passkeys");
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: { id: string; name: string; createdAt: string }[] }).items;
};

describe("passkeys", () => {
  it("lists mine, oldest first, with name and date and nothing of the credential", async () => {
    const me = await signedInPerson(t);
    const someone = await signedInPerson(t);
    const first = await insertPasskey(t, me.user.id, "Work laptop");
    const second = await insertPasskey(t, me.user.id, "Phone");
    await insertPasskey(t, someone.user.id, "Theirs");
    const mine = await listOf(me.http);
    expect(mine.map((p) => [p.id, p.name])).toEqual([
      [first, "Work laptop"],
      [second, "Phone"],
    ]);
    expect(Object.keys(mine[0] ?? {}).sort()).toEqual(["createdAt", "id", "name"]);
    expect(Date.parse(mine[0]?.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect((await client(t).get("/api/me/passkeys")).statusCode).toBe(401);
  });

  it("renames mine, refusing a blank or too long name with 400 naming the field", async () => {
    const me = await signedInPerson(t);
    const id = await insertPasskey(t, me.user.id);
    expect((await me.http.raw("PUT", `/api/me/passkeys/${id}`, { name: "  Home desktop " })).statusCode).toBe(204);
    expect((await listOf(me.http))[0]?.name).toBe("Home desktop");
    const blank = await me.http.raw("PUT", `/api/me/passkeys/${id}`, { name: " \u200b " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ name: PASSKEY_MESSAGES.nameRequired });
    const long = await me.http.raw("PUT", `/api/me/passkeys/${id}`, { name: "x".repeat(PASSKEY_NAME_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ name: PASSKEY_MESSAGES.nameTooLong });
    expect((await listOf(me.http))[0]?.name).toBe("Home desktop");
  });

  it("removes mine: it is gone from the list, and removing it again is 404", async () => {
    const me = await signedInPerson(t);
    const kept = await insertPasskey(t, me.user.id, "Kept");
    const gone = await insertPasskey(t, me.user.id, "Gone");
    expect((await me.http.raw("DELETE", `/api/me/passkeys/${gone}`)).statusCode).toBe(204);
    expect((await listOf(me.http)).map((p) => p.id)).toEqual([kept]);
    const again = await me.http.raw("DELETE", `/api/me/passkeys/${gone}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PASSKEY_MESSAGES.notFound);
  });

  it("answers 404 for another person's passkey, and leaves it as it was", async () => {
    const me = await signedInPerson(t);
    const someone = await signedInPerson(t);
    const theirs = await insertPasskey(t, someone.user.id, "Theirs");
    expect((await me.http.raw("PUT", `/api/me/passkeys/${theirs}`, { name: "Mine now" })).statusCode).toBe(404);
    expect((await me.http.raw("DELETE", `/api/me/passkeys/${theirs}`)).statusCode).toBe(404);
    expect(await listOf(someone.http)).toMatchObject([{ id: theirs, name: "Theirs" }]);
  });

  it("refuses to add a passkey without a session, or without a name (400 naming the field)", async () => {
    const nobody = client(t);
    expect((await nobody.get("/api/auth/passkey/generate-register-options")).statusCode).toBe(401);
    const me = await signedInPerson(t);
    const options = await me.http.get("/api/auth/passkey/generate-register-options");
    expect(options.statusCode).toBe(200);
    expect(options.json().rp).toEqual({ name: "ReLaptop", id: new URL(t.config.publicUrl).hostname });
    const unnamed = await me.http.post("/api/auth/passkey/verify-registration", { response: made, name: " " });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().fields).toEqual({ name: PASSKEY_MESSAGES.nameRequired });
    expect(await listOf(me.http)).toEqual([]);
  });

  it("refuses an answer that is not an authenticator's with 400, never 500, and adds nothing", async () => {
    const me = await signedInPerson(t);
    const shapeless = await me.http.post("/api/auth/passkey/verify-registration", { response: {}, name: "Phone" });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.body).toContain("response");
    expect((await me.http.get("/api/auth/passkey/generate-register-options")).statusCode).toBe(200);
    const forged = await me.http.post("/api/auth/passkey/verify-registration", { response: made, name: "Phone" });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(PASSKEY_MESSAGES.addFailed);
    expect(await listOf(me.http)).toEqual([]);
  });

  it("signs nobody in with an answer to no challenge, or from a passkey that does not exist", async () => {
    const visitor = client(t);
    const noChallenge = await visitor.post("/api/auth/passkey/verify-authentication", { response: { id: "x" } });
    expect(noChallenge.statusCode).toBe(400);
    const options = await visitor.get("/api/auth/passkey/generate-authenticate-options");
    expect(options.statusCode).toBe(200);
    expect(options.json().rpId).toBe(new URL(t.config.publicUrl).hostname);
    const unknown = await visitor.post("/api/auth/passkey/verify-authentication", { response: signed });
    expect(unknown.statusCode).toBe(401);
    expect((await visitor.get("/api/me")).statusCode).toBe(401);
  });

  it("limits the challenges one address may ask for, with Retry-After", async () => {
    const visitor = client(t);
    const from = { "x-forwarded-for": "203.0.113.77" };
    for (let i = 0; i < CHALLENGES; i++) {
      expect((await visitor.get("/api/auth/passkey/generate-authenticate-options", from)).statusCode).toBe(200);
    }
    const refused = await visitor.get("/api/auth/passkey/generate-authenticate-options", from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      new RegExp(`^${PASSKEY_MESSAGES.tooManyChallenges} Try again in \\d+ minute`),
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not held back.
    const other = { "x-forwarded-for": "203.0.113.78" };
    expect((await visitor.get("/api/auth/passkey/generate-authenticate-options", other)).statusCode).toBe(200);
  });

  it("deletes a deleted account's passkeys with it", async () => {
    const me = await signedInPerson(t);
    await insertPasskey(t, me.user.id, "Phone");
    expect((await me.http.post("/api/me/delete", { password: "Passw0rd!" })).statusCode).toBe(204);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, me.user.id))).toEqual([]);
  });
});
