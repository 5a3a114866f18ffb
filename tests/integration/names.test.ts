import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** Names are shown beside adverts and in admin lists: none may pass for staff, a role or the verified mark. */
let t: TestApp;
beforeAll(async () => {
  // Each refused sign-up below comes from one address: the sign-up limit is not what is tested here.
  t = await startTestApp({ SIGNUPS_PER_HOUR: "1000" });
});
afterAll(() => t?.close());

const ROLE = "Name cannot look like a role or ReLaptop staff (admin, moderator, verified)";
const MARK = "Name cannot contain a check mark: only ReLaptop shows the verified badge";
let n = 0;
const signUp = (name: string) =>
  client(t).post("/api/auth/sign-up/email", { name, email: `name${n++}@x.test`, password: "Str0ng!pw" });

describe("sign-up through the API", () => {
  it.each([
    ["\u0410dmin (Cyrillic A)", "\u0410dmin", ROLE],
    ["Greek omicron", "M\u03bfderat\u03bfr", ROLE],
    ["full-width letters", "\uff21\uff24\uff2d\uff29\uff2e", ROLE],
    ["digits for letters", "Adm1n", ROLE],
    ["staff of the site", "ReLaptop Staff", ROLE],
    ["Verified spelled out", "Sam Seller Verified", ROLE],
    ["a check mark", "Sam Seller \u2714 Verified", MARK],
    ["a check mark alone", "Sam \u2713", MARK],
    ["zero-width characters only", "\u200b\u200c\u200d\u2060", "Name is required"],
    ["bidi controls only", "\u202e\u2066\u200f", "Name is required"],
  ])("refuses %s with a message under the name", async (_, name, message) => {
    const res = await signUp(name);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: "Check the highlighted fields.",
      fields: { name: message },
    });
  });

  it("stores a name normalised (NFC), without invisible or bidi control characters", async () => {
    const c = client(t);
    const res = await c.post("/api/auth/sign-up/email", {
      name: "  Jose\u0301 \u202eGarci\u0301a\u202c\u200b  ",
      email: "jose@x.test",
      password: "Str0ng!pw",
    });
    expect(res.statusCode).toBe(200);
    expect((await c.get("/api/me")).json().name).toBe("Jos\u00e9 Garc\u00eda");
  });

  it("accepts names in other scripts and ordinary words that merely contain a role's letters", async () => {
    for (const name of [
      "\u0410\u043d\u043d\u0430 \u041f\u0435\u0442\u0440\u043e\u0432\u0430",
      "\u0391\u03bb\u03ad\u03be\u03b7\u03c2",
      "Badminton Bea",
      "Sam Stafford",
    ]) {
      expect((await signUp(name)).statusCode, name).toBe(200);
    }
  });
});

describe("every other way to name an account", () => {
  it("refuses seller registration with a deceptive name", async () => {
    const register = t.services.accounts.register(
      { name: "Admin\u200b Team", email: "fake-admin@x.test", password: "Str0ng!pw", as: "seller" },
      new Headers(),
    );
    await expect(register).rejects.toMatchObject({ code: "VALIDATION_FAILED", fields: { name: ROLE } });
  });

  it("refuses a rename to a deceptive name, and cleans an accepted one", async () => {
    const user = await createUser(t, { name: "Ren Amer", email: "ren@x.test" });
    await expect(t.services.accounts.profile.rename(user, "\u039cara Ren")).resolves.toBeUndefined();
    await expect(t.services.accounts.profile.rename(user, "Ren \u2705")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { name: MARK },
    });
    await expect(t.services.accounts.profile.rename(user, "R\u0435L\u0430ptop Support")).rejects.toMatchObject({
      fields: { name: ROLE },
    });
    await t.services.accounts.profile.rename(user, "Ren\u200b \u202eAmer");
    const c = await signedInClient(t, "ren@x.test");
    expect((await c.get("/api/me")).json().name).toBe("Ren Amer");
  });

  it("refuses better-auth's own update-user with a deceptive name", async () => {
    await createUser(t, { name: "Uma User", email: "uma@x.test" });
    const session = await client(t).signIn("uma@x.test");
    const cookie = String(session.headers["set-cookie"]).split(";")[0] as string;
    const update = t.services.accounts.auth.api.updateUser({
      body: { name: "Moder\u0430tor Uma" },
      headers: new Headers({ cookie }),
    });
    await expect(update).rejects.toMatchObject({ statusCode: 400 });
    const me = await client(t).get("/api/me", { cookie });
    expect(me.json().name).toBe("Uma User");
  });
});
