import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unlinkedGoogleLast } from "../../core/accounts/sign-in-changes.ts";
import { accountEvents, accounts, emailOutbox, sessions } from "../../db/schema/index.ts";
import { CHANGE_EMAIL_MESSAGES, SIGN_IN_WAYS_MESSAGES as M } from "../../schemas/accounts.ts";
import { client } from "../support/http.ts";
import { pageAppForTests, shownOn } from "../support/page-build.ts";
import { type Person, signedInPerson } from "../support/people.ts";

/**
 * How an account signs in besides passkeys: an account Google made sets a password; a linked Google account is
 * unlinked with the password, never while it is the only way in. Each change is told to the owner and kept; a
 * refused one changes nothing and tells nobody. (Linking one, through Google's page: tests/e2e/google-account.spec.ts.)
 */
const t = pageAppForTests();

/** As Google made it: no password, a Google account. */
async function googleOnly(me: Person) {
  await t.db.delete(accounts).where(and(eq(accounts.userId, me.user.id), eq(accounts.providerId, "credential")));
  await linkGoogle(me);
}

async function linkGoogle(me: Person) {
  const { internalAdapter } = await t.services.accounts.auth.$context;
  await internalAdapter.linkAccount({ userId: me.user.id, providerId: "google", accountId: `g-${me.user.id}` });
}

const signedInAgo = (me: Person, minutes: number) =>
  t.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.userId, me.user.id));

/** The sign-in changes the owner was emailed, and the account's entries admins read, oldest first. */
async function toldAndKept(me: Person) {
  const mails = await t.db
    .select({ payload: emailOutbox.payload })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, me.user.id), eq(emailOutbox.kind, "account.signInChanged")))
    .orderBy(asc(emailOutbox.createdAt));
  const events = await t.db
    .select({ action: accountEvents.action })
    .from(accountEvents)
    .where(eq(accountEvents.userId, me.user.id))
    .orderBy(asc(accountEvents.at));
  return { told: mails.map((m) => m.payload.params.change), kept: events.map((e) => e.action) };
}

/** A form posted as a browser without JavaScript posts it: a page asked for, its fields url-encoded. */
const postedWithoutScript = (me: Person, url: string, fields: Record<string, string>) =>
  me.http.raw("POST", url, new URLSearchParams(fields).toString(), {
    "content-type": "application/x-www-form-urlencoded",
    accept: "text/html",
  });

const ways = async (me: Person) => (await me.http.get("/api/me/sign-in-ways")).json();

describe("an account Google made sets a password", () => {
  it("told and kept; then it logs in with it; a second one is refused", async () => {
    const me = await signedInPerson(t);
    await googleOnly(me);
    expect(await ways(me)).toEqual({ password: false, google: true });

    const weak = await me.http.post("/api/me/password", { newPassword: "short" });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().fields)).toEqual(["newPassword"]);

    const set = await me.http.post("/api/me/password", { newPassword: "Gina!pw12" });
    expect(set.statusCode, set.body).toBe(204);
    expect(await ways(me)).toEqual({ password: true, google: true });
    expect(await toldAndKept(me)).toEqual({ told: ["passwordSet"], kept: ["set-password"] });
    const login = await client(t).post("/api/auth/sign-in/email", { email: me.email, password: "Gina!pw12" });
    expect(login.statusCode, login.body).toBe(200);

    const again = await me.http.post("/api/me/password", { newPassword: "Other!pw12" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.passwordAlreadySet);
    expect((await toldAndKept(me)).told).toEqual(["passwordSet"]);
  });

  it("set twice at the same moment: one password, one change told", async () => {
    for (let round = 0; round < 5; round++) {
      const me = await signedInPerson(t);
      await googleOnly(me);
      const answers = await Promise.all([
        me.http.post("/api/me/password", { newPassword: "First!pw12" }),
        me.http.post("/api/me/password", { newPassword: "Second!pw12" }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
      const rows = await t.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, me.user.id), eq(accounts.providerId, "credential")));
      expect(rows).toHaveLength(1);
      expect((await toldAndKept(me)).told).toEqual(["passwordSet"]);
    }
  });

  it("only from a recent sign-in: a session from long ago (a borrowed laptop) is refused", async () => {
    const me = await signedInPerson(t);
    await googleOnly(me);
    await signedInAgo(me, 60);
    const stale = await me.http.post("/api/me/password", { newPassword: "Gina!pw12" });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe(M.signInAgainToSetPassword);
    expect(await ways(me)).toEqual({ password: false, google: true });
    expect((await toldAndKept(me)).told).toEqual([]);
  });

  it("the profile offers Set password, not Change password, and sets it from the page", async () => {
    const me = await signedInPerson(t);
    await googleOnly(me);
    const page = shownOn((await me.http.get("/profile")).body);
    expect(page).toContain("Your account has no password: you sign in with Google.");
    expect(page).toContain("Set password");
    expect(page).not.toContain("Current password");
    expect(page).toContain("Google is how you sign in: to unlink it, set a password first (above).");

    const posted = await me.http.form("/profile", { intent: "setPassword", newPassword: "Gina!pw12" });
    expect(posted.statusCode).toBeLessThan(400);
    expect(await ways(me)).toEqual({ password: true, google: true });
    const after = shownOn((await me.http.get("/profile")).body);
    expect(after).toContain("Current password");
    expect(after).toContain("Unlink Google");
  });
});

describe("unlinking Google", () => {
  it("with the password: told and kept, and Google no longer listed; a wrong one changes nothing", async () => {
    const me = await signedInPerson(t);
    await linkGoogle(me);
    const wrong = await me.http.post("/api/me/google/unlink", { password: "not-it" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: M.wrongPassword });
    const empty = await me.http.post("/api/me/google/unlink", { password: "" });
    expect(empty.json().fields).toEqual({ password: M.passwordRequired });
    expect(await ways(me)).toEqual({ password: true, google: true });

    const unlinked = await me.http.post("/api/me/google/unlink", { password: "Passw0rd!" });
    expect(unlinked.statusCode, unlinked.body).toBe(204);
    expect(await ways(me)).toEqual({ password: true, google: false });
    expect(await toldAndKept(me)).toEqual({
      told: ["googleLinked", "googleUnlinked"],
      kept: ["link-google", "unlink-google"],
    });
    const again = await me.http.post("/api/me/google/unlink", { password: "Passw0rd!" });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(M.googleNotLinked);
  });

  it("keeps Google's sign-in from joining the account by its address until the owner links it again", async () => {
    const me = await signedInPerson(t);
    expect(await unlinkedGoogleLast(t.db, me.user.id)).toBe(false);
    await linkGoogle(me);
    await me.http.post("/api/me/google/unlink", { password: "Passw0rd!" });
    // Google's callback asks this before joining (auth.ts); the journey itself: tests/e2e/google-account.spec.ts.
    expect(await unlinkedGoogleLast(t.db, me.user.id)).toBe(true);
    await linkGoogle(me);
    expect(await unlinkedGoogleLast(t.db, me.user.id)).toBe(false);
  });

  it("never while Google is the only way in", async () => {
    const me = await signedInPerson(t);
    await googleOnly(me);
    const refused = await me.http.post("/api/me/google/unlink", { password: "anything" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.googleOnlyWayIn);
    expect(await ways(me)).toEqual({ password: false, google: true });
  });

  it("two unlinks at once: one unlinks, one change told", async () => {
    const me = await signedInPerson(t);
    await linkGoogle(me);
    const answers = await Promise.all([
      me.http.post("/api/me/google/unlink", { password: "Passw0rd!" }),
      me.http.post("/api/me/google/unlink", { password: "Passw0rd!" }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404]);
    expect((await toldAndKept(me)).told).toEqual(["googleLinked", "googleUnlinked"]);
  });

  it("posted without JavaScript: back on the profile, told in words; the password never given back", async () => {
    const me = await signedInPerson(t);
    await linkGoogle(me);
    const wrong = await postedWithoutScript(me, "/account/google", { intent: "unlink", password: "Wr0ng!typed" });
    expect(wrong.statusCode).toBe(302);
    expect(wrong.headers.location).toBe("/profile");
    const told = shownOn((await me.http.get("/profile")).body);
    expect(told).toContain(M.wrongPassword);
    expect(told).not.toContain("Wr0ng!typed");
    expect(await ways(me)).toEqual({ password: true, google: true });

    const done = await postedWithoutScript(me, "/account/google", { intent: "unlink", password: "Passw0rd!" });
    expect(done.headers.location).toBe("/profile");
    expect(shownOn((await me.http.get("/profile")).body)).toContain(M.googleUnlinked);
    expect(await ways(me)).toEqual({ password: true, google: false });
  });

  it("with JavaScript, the section's fetcher reads the refusal where it is", async () => {
    const me = await signedInPerson(t);
    await linkGoogle(me);
    const wrong = await me.http.raw("POST", "/account/google.data", "intent=unlink&password=Wr0ng%21typed", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(M.wrongPassword);
    expect(wrong.body).not.toContain("Wr0ng!typed");
  });

  it("linking is refused in words when Google sign-in is not set up here", async () => {
    const me = await signedInPerson(t);
    const refused = await postedWithoutScript(me, "/account/google", { intent: "link" });
    expect(refused.headers.location).toBe("/profile");
    expect(shownOn((await me.http.get("/profile")).body)).toContain(M.linkFailed);
    // Coming back from Google with its error code: the profile says it in our words.
    const back = await me.http.get("/account/google?error=account_already_linked_to_different_user");
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe("/profile");
    expect(String(back.headers["set-cookie"])).toContain("relaptop_toast=");
  });
});

describe("Change email, posted without JavaScript", () => {
  it("a refusal shows under its field on the profile with the address typed; done, the page says the link is sent", async () => {
    const me = await signedInPerson(t);
    const refused = await postedWithoutScript(me, "/profile", {
      intent: "email",
      email: "someone-new@x.test",
      password: "Wr0ng!typed",
    });
    expect(refused.statusCode).toBe(400);
    // Change email's section, with the address typed and the refusal under the password; the Password form above
    // it (and its own password field) says nothing.
    const section = refused.body.slice(refused.body.indexOf('id="change-email-heading"'));
    expect(section.slice(0, section.indexOf("</section>"))).toContain(CHANGE_EMAIL_MESSAGES.wrongPassword);
    expect(section).toMatch(/value="someone-new@x.test"/);
    expect(refused.body.slice(0, refused.body.indexOf('id="change-email-heading"'))).not.toContain(
      CHANGE_EMAIL_MESSAGES.wrongPassword,
    );
    expect(refused.body).not.toContain("Wr0ng!typed");

    const invalid = await postedWithoutScript(me, "/profile", {
      intent: "email",
      email: "not-an-address",
      password: "x",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain("Enter a valid email address");
    expect(invalid.body).toContain('value="not-an-address"');

    const sent = await postedWithoutScript(me, "/profile", {
      intent: "email",
      email: "moved@x.test",
      password: "Passw0rd!",
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body.replaceAll("<!-- -->", "")).toContain("Link sent to moved@x.test.");
  });
});
