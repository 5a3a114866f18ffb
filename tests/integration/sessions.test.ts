import { and, eq, isNull, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/index.ts";
import { SESSIONS_SHOWN } from "../../schemas/sessions.ts";
import { client } from "../support/http.ts";
import { pageAppForTests } from "../support/page-build.ts";
import { signedInPerson as newPerson, signedInClient } from "../support/people.ts";
import { itAcrossProcesses } from "../support/test-app.ts";

/** "Where you're signed in": the API (GET/DELETE /api/me/sessions…) and the profile's section. */
// Behind a proxy, so that each test "device" can come from an address of its own (X-Forwarded-For).
const t = pageAppForTests({ TRUST_PROXY: "true" });

/** A new person signed in on one device (the factory's own sign-up session, which no browser holds, ended). */
async function signedInPerson() {
  const person = await newPerson(t);
  await t.db
    .delete(sessions)
    .where(and(eq(sessions.userId, person.user.id), or(isNull(sessions.userAgent), eq(sessions.userAgent, ""))));
  return person;
}

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** A second sign-in of the same account, from another "device". */
async function secondDevice(email: string, userAgent: string, address: string) {
  const http = client(t);
  const res = await http.raw(
    "POST",
    "/api/auth/sign-in/email",
    { email, password: "Passw0rd!" },
    { "user-agent": userAgent, "x-forwarded-for": address },
  );
  expect(res.statusCode).toBe(200);
  return http;
}

const listOf = async (http: ReturnType<typeof client>) => {
  const res = await http.get("/api/me/sessions");
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { id: string; device: string; address: string | null; current: boolean; lastActiveAt: string }[];
    more: boolean;
  };
};

describe("where you're signed in", () => {
  it("lists my sessions with their device, address and last activity, this one first and marked, no tokens", async () => {
    const me = await signedInPerson();
    const phone = await secondDevice(me.email, SAFARI_IPHONE, "203.0.113.9");
    const mine = await listOf(me.http);
    expect(mine.items).toHaveLength(2);
    expect(mine.more).toBe(false);
    expect(mine.items[0]?.current).toBe(true);
    expect(mine.items[1]).toMatchObject({ device: "Safari on iPhone", address: "203.0.113.9", current: false });
    expect(Object.keys(mine.items[1] ?? {}).sort()).toEqual(
      ["address", "current", "device", "id", "lastActiveAt", "signedInAt"].sort(),
    );
    // The phone sees the same two sessions, itself marked.
    const fromPhone = await listOf(phone);
    expect(fromPhone.items.find((s) => s.current)?.device).toBe("Safari on iPhone");
    expect(fromPhone.items.map((s) => s.id).sort()).toEqual(mine.items.map((s) => s.id).sort());
  });

  it("signs out one device at once: its next request is nobody's", async () => {
    const me = await signedInPerson();
    const laptop = await secondDevice(me.email, CHROME_WINDOWS, "198.51.100.7");
    expect((await laptop.get("/api/me")).statusCode).toBe(200);
    const other = (await listOf(me.http)).items.find((s) => !s.current);
    expect(other?.device).toBe("Chrome on Windows");
    expect((await me.http.raw("DELETE", `/api/me/sessions/${other?.id}`)).statusCode).toBe(204);
    expect((await laptop.get("/api/me")).statusCode).toBe(401);
    expect((await me.http.get("/api/me")).statusCode).toBe(200);
    // Twice: it is gone.
    expect((await me.http.raw("DELETE", `/api/me/sessions/${other?.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another person's session, and leaves it alone", async () => {
    const me = await signedInPerson();
    const someone = await signedInPerson();
    const [theirs] = (await listOf(someone.http)).items;
    const res = await me.http.raw("DELETE", `/api/me/sessions/${theirs?.id}`);
    expect(res.statusCode).toBe(404);
    expect((await someone.http.get("/api/me")).statusCode).toBe(200);
  });

  it("refuses an id that cannot be a session's with 400 naming the field, and anyone signed out with 401", async () => {
    const me = await signedInPerson();
    const bad = await me.http.raw("DELETE", `/api/me/sessions/${encodeURIComponent("a b;c")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("id");
    const nobody = client(t);
    expect((await nobody.get("/api/me/sessions")).statusCode).toBe(401);
    expect((await nobody.raw("DELETE", "/api/me/sessions/abc")).statusCode).toBe(401);
    expect((await nobody.post("/api/me/sessions/sign-out-others")).statusCode).toBe(401);
  });

  it("signs out everywhere else, keeping this session and nobody else's", async () => {
    const me = await signedInPerson();
    const someone = await signedInPerson();
    const devices = [
      await secondDevice(me.email, CHROME_WINDOWS, "198.51.100.1"),
      await secondDevice(me.email, SAFARI_IPHONE, "198.51.100.2"),
    ];
    const res = await me.http.post("/api/me/sessions/sign-out-others");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const device of devices) expect((await device.get("/api/me")).statusCode).toBe(401);
    expect((await me.http.get("/api/me")).statusCode).toBe(200);
    expect((await someone.http.get("/api/me")).statusCode).toBe(200);
    expect((await listOf(me.http)).items).toHaveLength(1);
    expect((await me.http.post("/api/me/sessions/sign-out-others")).json()).toEqual({ ended: 0 });
  });

  it(`lists at most ${SESSIONS_SHOWN}, saying there are more`, async () => {
    const me = await signedInPerson();
    const now = Date.now();
    await t.db.insert(sessions).values(
      Array.from({ length: SESSIONS_SHOWN + 3 }, (_, i) => ({
        id: `old${i}x${me.user.id}`.slice(0, 60),
        token: `old-token-${i}-${me.user.id}`,
        userId: me.user.id,
        expiresAt: new Date(now + 86_400_000),
        createdAt: new Date(now - 86_400_000 - i),
        updatedAt: new Date(now - 86_400_000 - i),
      })),
    );
    const mine = await listOf(me.http);
    expect(mine.items).toHaveLength(SESSIONS_SHOWN);
    expect(mine.more).toBe(true);
    expect(mine.items[0]?.current).toBe(true);
    expect((await me.http.post("/api/me/sessions/sign-out-others")).json()).toEqual({ ended: SESSIONS_SHOWN + 3 });
  });

  it("leaves expired sessions out", async () => {
    const me = await signedInPerson();
    await t.db.insert(sessions).values({
      id: `expired${me.user.id}`.slice(0, 60),
      token: `expired-token-${me.user.id}`,
      userId: me.user.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await listOf(me.http)).items).toHaveLength(1);
  });

  it("shows on the profile, and its forms sign a device out", async () => {
    const me = await signedInPerson();
    const laptop = await secondDevice(me.email, CHROME_WINDOWS, "198.51.100.44");
    const page = await me.http.get("/profile");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Where you&#x27;re signed in");
    expect(page.body).toContain("Chrome on Windows");
    expect(page.body).toContain("198.51.100.44");
    expect(page.body).toContain("This device");
    const other = (await listOf(me.http)).items.find((s) => !s.current);
    const posted = await me.http.form("/profile", { intent: "sign-out-session", sessionId: other?.id ?? "" });
    expect(posted.statusCode).toBeLessThan(400);
    expect((await laptop.get("/api/me")).statusCode).toBe(401);
    // Someone else's session id through the form: refused as not found, theirs untouched.
    const someone = await signedInPerson();
    const [theirs] = (await listOf(someone.http)).items;
    const refused = await me.http.form("/profile", { intent: "sign-out-session", sessionId: theirs?.id ?? "" });
    expect(refused.statusCode).toBe(404);
    expect((await someone.http.get("/api/me")).statusCode).toBe(200);
    // Everywhere else, through the form.
    const phone = await secondDevice(me.email, SAFARI_IPHONE, "198.51.100.45");
    await me.http.form("/profile", { intent: "sign-out-others" });
    expect((await phone.get("/api/me")).statusCode).toBe(401);
    expect((await me.http.get("/api/me")).statusCode).toBe(200);
  });

  itAcrossProcesses(t, "a device signed out on one process is refused at once by another", async ({ base }) => {
    const me = await signedInPerson();
    const laptop = await signedInClient(t, me.email);
    const onOther = (cookie: string) => fetch(`${base}/api/me`, { headers: { cookie } });
    expect((await onOther(laptop.cookie())).status).toBe(200);
    const other = (await listOf(me.http)).items.find((s) => !s.current);
    expect((await me.http.raw("DELETE", `/api/me/sessions/${other?.id}`)).statusCode).toBe(204);
    expect((await onOther(laptop.cookie())).status).toBe(401);
    expect((await onOther(me.cookie)).status).toBe(200);
  });

  it("keeps the session rows of other people when mine are ended", async () => {
    const me = await signedInPerson();
    const someone = await signedInPerson();
    await me.http.post("/api/me/sessions/sign-out-others");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, someone.user.id))).toHaveLength(1);
  });
});
