import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoFactors, users } from "../../db/schema/index.ts";
import { PASSWORD_RESET_CODE_NEXT } from "../../schemas/account-recovery.ts";
import { TRUST_BROWSER_LABEL, TWO_FACTOR_MESSAGES, TWO_FACTOR_PATH } from "../../schemas/two-factor.ts";
import { createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { closePageBuild, loadPageBuild } from "../support/page-build.ts";
import { signedInAccount } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * Two-factor authentication: turning it on (password, then the app's first code), signing in with it (the
 * password, then a code or a backup code, each wrong code counted with the login limits), and
 * ADMIN_TWO_FACTOR=required keeping admins out of the admin API and pages until they turn it on. Codes are
 * computed here from the secret, as an authenticator app does (RFC 6238, better-auth's own implementation).
 */
let optional: TestApp;
let required: TestApp;
/** The emails the optional app kept (no SMTP_URL), one line each with its first link. */
const kept: string[] = [];
beforeAll(async () => {
  const pages = await loadPageBuild();
  [optional, required] = await Promise.all([
    startTestApp({ TRUST_PROXY: "true" }, { retryJobsAtOnce: true, log: (line) => kept.push(line) }, { pages }),
    startTestApp({ ADMIN_TWO_FACTOR: "required" }, {}, { pages }),
  ]);
  // Emailed sign-in links are delivered by the job queue.
  await optional.services.jobs.start();
}, 120_000);
afterAll(async () => {
  await optional?.close();
  await required?.close();
  await closePageBuild();
});

let made = 0;
const from = (address: string) => ({ "x-forwarded-for": address });
/** The code an authenticator shows now for this secret (base32, as the setup shows it). */
const codeFor = (secret: string) => createOTP(base32.decode(secret)).totp();

/** Turns two-factor on for a signed-in client over the API: its secret and backup codes. */
async function turnOn(http: Client, headers: Record<string, string> = {}) {
  const started = await http.post("/api/auth/two-factor/enable", { password: "Passw0rd!" }, headers);
  expect(started.statusCode, started.body).toBe(200);
  const { totpURI, backupCodes } = started.json() as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get("secret") as string;
  const confirmed = await http.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) }, headers);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, backupCodes, totpURI };
}

/** A new account, signed in, with two-factor on; then signed out of everything. */
async function personWithTwoFactor(t: TestApp, role: "user" | "admin" = "user") {
  const n = ++made;
  const email = `tf${n}@x.test`;
  const { http, user } = await signedInAccount(t, { name: `Tess ${n}`, email, role });
  const setup = await turnOn(http);
  return { email, user, ...setup };
}

describe("turning two-factor on", () => {
  it("asks the password, then the app's first code; only then does signing in ask for codes", async () => {
    const { http, user, email } = await signedInAccount(optional, { name: "Tom Turner", email: "tom@x.test" });
    const wrong = await http.post("/api/auth/two-factor/enable", { password: "not-it" });
    expect(wrong.statusCode).toBe(400);

    const started = await http.post("/api/auth/two-factor/enable", { password: "Passw0rd!" });
    expect(started.statusCode).toBe(200);
    const { totpURI, backupCodes } = started.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/ReLaptop:tom%40x\.test\?secret=[A-Z2-7]+&issuer=ReLaptop/);
    expect(backupCodes).toHaveLength(10);
    // Not in force yet: the password alone still signs in.
    expect(
      (await client(optional).post("/api/auth/sign-in/email", { email, password: "Passw0rd!" })).json(),
    ).toHaveProperty("user");

    const secret = new URL(totpURI).searchParams.get("secret") as string;
    expect((await http.post("/api/auth/two-factor/verify-totp", { code: "000000" })).statusCode).toBe(401);
    const confirmed = await http.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) });
    expect(confirmed.statusCode).toBe(200);
    expect((await http.get("/api/me")).json()).toMatchObject({ id: user.id, twoFactorEnabled: true });
    // The secret and the codes are kept encrypted, never as shown.
    const [row] = await optional.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row?.secret).not.toContain(secret);
    expect(row?.backupCodes).not.toContain(backupCodes[0]);
  });

  it("works through the profile's forms: QR code and key, a wrong first code keeps the QR code, then the backup codes once", async () => {
    const { http } = await signedInAccount(optional, { name: "Pia Pages", email: "pia@x.test" });
    const page = await http.get(TWO_FACTOR_PATH);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Turn on two-factor");

    const wrongPassword = await http.form(TWO_FACTOR_PATH, { intent: "start", password: "not-it" });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.body).toContain(TWO_FACTOR_MESSAGES.wrongPassword);

    const scan = await http.form(TWO_FACTOR_PATH, { intent: "start", password: "Passw0rd!" });
    expect(scan.statusCode).toBe(200);
    expect(scan.body).toContain('aria-label="QR code for your authenticator app"');
    const secret = /<code[^>]*>([A-Z2-7]{16,})<\/code>/.exec(scan.body)?.[1] as string;
    expect(secret).toBeTruthy();
    const uri = /name="uri" value="([^"]+)"/.exec(scan.body)?.[1]?.replaceAll("&amp;", "&") as string;

    const wrongCode = await http.form(TWO_FACTOR_PATH, { intent: "confirm", uri, code: "123456" });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.body).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    expect(wrongCode.body).toContain(secret);

    const done = await http.form(TWO_FACTOR_PATH, { intent: "confirm", uri, code: await codeFor(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Save these now");
    expect(done.body).toContain("Download codes");
    expect((await http.get("/api/me")).json()).toMatchObject({ twoFactorEnabled: true });
    // Shown once: the page now offers new ones, never the old ones again.
    const later = await http.get(TWO_FACTOR_PATH);
    expect(later.body).toContain("New backup codes");
    expect(later.body).not.toContain("Save these now");
  });
});

describe("signing in with two-factor on", () => {
  it("needs the code after the password; a wrong one is refused, a right one signs in", async () => {
    const { email, secret } = await personWithTwoFactor(optional);
    const http = client(optional);
    const first = await http.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect((await http.get("/api/me")).statusCode).toBe(401);

    const wrong = await http.post("/api/auth/two-factor/verify-totp", { code: "000000" });
    expect(wrong.statusCode).toBe(401);
    expect((await http.get("/api/me")).statusCode).toBe(401);

    const right = await http.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) });
    expect(right.statusCode).toBe(200);
    expect((await http.get("/api/me")).json()).toMatchObject({ email, twoFactorEnabled: true });
  });

  it("through the pages: the login form sends them to the code, which keeps its field on a wrong one", async () => {
    const { email, secret } = await personWithTwoFactor(optional);
    const http = client(optional);
    const login = await http.form("/login", { email, password: "Passw0rd!", redirectTo: "/favourites" });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe("/login/two-factor?redirectTo=%2Ffavourites");
    const page = await http.get(String(login.headers.location));
    expect(page.body).toContain("Authentication code");
    expect(page.body).toContain("Use a backup code instead");

    const wrong = await http.form("/login/two-factor", { method: "totp", code: "000000", redirectTo: "/favourites" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    expect(wrong.body).toMatch(/aria-invalid="true"[^>]*name="code"|name="code"[^>]*aria-invalid="true"/);

    const right = await http.form("/login/two-factor", {
      method: "totp",
      code: await codeFor(secret),
      redirectTo: "/favourites",
    });
    expect(right.statusCode).toBe(302);
    expect(right.headers.location).toBe("/favourites");
    expect((await http.get("/api/me")).json()).toMatchObject({ email });
  });

  it("takes a backup code instead, once", async () => {
    const { email, backupCodes } = await personWithTwoFactor(optional);
    const code = backupCodes[0] as string;
    const http = client(optional);
    await http.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" });
    expect((await http.post("/api/auth/two-factor/verify-backup-code", { code })).statusCode).toBe(200);
    expect((await http.get("/api/me")).statusCode).toBe(200);

    const again = client(optional);
    await again.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" });
    const reused = await again.form("/login/two-factor", { method: "backup", code, redirectTo: "/" });
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain(TWO_FACTOR_MESSAGES.wrongBackupCode);
    const other = await again.form("/login/two-factor", {
      method: "backup",
      code: backupCodes[1] as string,
      redirectTo: "/",
    });
    expect(other.statusCode).toBe(302);
  });

  it("counts wrong codes with wrong passwords: five from one address, and that address waits, even with the right code", async () => {
    const { email, secret } = await personWithTwoFactor(optional);
    const address = "10.9.0.1";
    // Two wrong passwords, then three wrong codes: five failed logins from this address.
    const http = client(optional);
    for (let i = 0; i < 2; i++) {
      expect((await http.post("/api/auth/sign-in/email", { email, password: "wrong" }, from(address))).statusCode).toBe(
        401,
      );
    }
    expect(
      (await http.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" }, from(address))).statusCode,
    ).toBe(200);
    for (let i = 0; i < 3; i++) {
      const wrong = await http.post("/api/auth/two-factor/verify-totp", { code: `00000${i}` }, from(address));
      expect(wrong.statusCode).toBe(401);
    }
    const refused = await http.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) }, from(address));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Too many failed logins. Try again in 15 minutes.");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(14 * 60);
    // The password from there waits too: one limit for both.
    expect(
      (await http.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" }, from(address))).statusCode,
    ).toBe(429);
    // The owner elsewhere is not held back.
    const owner = client(optional);
    await owner.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" }, from("10.9.0.2"));
    expect(
      (await owner.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) }, from("10.9.0.2")))
        .statusCode,
    ).toBe(200);
  });

  it("turning it off (the password) signs in with the password alone again", async () => {
    const { email, secret } = await personWithTwoFactor(optional);
    const http = client(optional);
    await http.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" });
    await http.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) });
    expect((await http.form(TWO_FACTOR_PATH, { intent: "off", password: "not-it" })).statusCode).toBe(400);
    const off = await http.form(TWO_FACTOR_PATH, { intent: "off", password: "Passw0rd!" });
    expect(off.statusCode).toBe(302);
    expect((await http.get("/api/me")).json()).toMatchObject({ twoFactorEnabled: false });
    const again = await client(optional).post("/api/auth/sign-in/email", { email, password: "Passw0rd!" });
    expect(again.json()).toHaveProperty("user");
  });

  it("new backup codes (the password) replace the old ones", async () => {
    const { email, secret, backupCodes } = await personWithTwoFactor(optional);
    const http = client(optional);
    await http.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" });
    await http.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) });
    const fresh = await http.post("/api/auth/two-factor/generate-backup-codes", { password: "Passw0rd!" });
    expect(fresh.statusCode).toBe(200);
    const { backupCodes: next } = fresh.json() as { backupCodes: string[] };
    expect(next).toHaveLength(10);
    const old = client(optional);
    await old.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" });
    expect((await old.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] })).statusCode).toBe(401);
    expect((await old.post("/api/auth/two-factor/verify-backup-code", { code: next[0] })).statusCode).toBe(200);
  });

  it("an emailed sign-in link asks for the code too: it proves the address, not the second factor", async () => {
    const { email, secret } = await personWithTwoFactor(optional);
    expect((await client(optional).post("/api/auth/sign-in/magic-link", { email })).statusCode).toBe(200);
    await optional.services.notifications.deliverEmailsNow();
    const link = kept.findLast((line) => line.includes(`to ${email}:`))?.match(/\/login\/link\?token=([\w.-]+)/);
    const token = link?.[1] as string;
    expect(token).toBeTruthy();
    const http = client(optional);
    const used = await http.form("/login/link", { intent: "use-link", token });
    expect(used.statusCode).toBe(302);
    expect(used.headers.location).toBe("/login/two-factor?redirectTo=%2F");
    expect((await http.get("/api/me")).statusCode).toBe(401);
    const right = await http.form("/login/two-factor", {
      method: "totp",
      code: await codeFor(secret),
      redirectTo: "/",
    });
    expect(right.statusCode).toBe(302);
    expect((await http.get("/api/me")).json()).toMatchObject({ email });
  });

  it("a reset link asks for the code too: the new password stands, no session starts without the code", async () => {
    const { email, secret } = await personWithTwoFactor(optional);
    /** A reset link emailed to them now: its token. */
    async function resetToken() {
      expect((await client(optional).post("/api/auth/request-password-reset", { email })).statusCode).toBe(200);
      await optional.services.notifications.deliverEmailsNow();
      const link = kept.findLast((line) => line.includes(`to ${email}:`))?.match(/\/reset-password\?token=([\w.-]+)/);
      expect(link?.[1]).toBeTruthy();
      return link?.[1] as string;
    }
    // Over the API: the answer says the code is next.
    const api = client(optional);
    const reset = await api.post("/api/auth/reset-password", {
      token: await resetToken(),
      newPassword: "N3w-Passw0rd!",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ status: true, twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect((await api.get("/api/me")).statusCode).toBe(401);
    expect((await api.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) })).statusCode).toBe(200);
    expect((await api.get("/api/me")).json()).toMatchObject({ email });

    // Through the page: on to the code, with the reset said.
    const page = client(optional);
    const token = await resetToken();
    const saved = await page.form("/reset-password", {
      token,
      newPassword: "An0ther-Pw!",
      confirmPassword: "An0ther-Pw!",
    });
    expect(saved.statusCode, saved.body).toBe(302);
    expect(saved.headers.location).toBe("/login/two-factor");
    expect((await page.get("/api/me")).statusCode).toBe(401);
    const codePage = await page.get("/login/two-factor");
    expect(codePage.body).toContain(PASSWORD_RESET_CODE_NEXT);
    const right = await page.form("/login/two-factor", {
      method: "totp",
      code: await codeFor(secret),
      redirectTo: "/",
    });
    expect(right.statusCode).toBe(302);
    expect((await page.get("/api/me")).json()).toMatchObject({ email });
    // The new password is the one that works.
    const again = await client(optional).post("/api/auth/sign-in/email", { email, password: "An0ther-Pw!" });
    expect(again.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
  });

  it("a browser trusted at the code skips it for 30 days; a password change, turning it off or signing out everywhere else forgets every one", async () => {
    const person = await personWithTwoFactor(optional);
    const { email } = person;
    let { secret } = person;
    const asksForCode = async (http: Client) =>
      "twoFactorRedirect" in (await http.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" })).json();
    /** Signs in with the password and the code, through the page, trusting the browser or not. */
    async function signInWithCode(trustBrowser: boolean) {
      const http = client(optional);
      await http.form("/login", { email, password: "Passw0rd!", redirectTo: "/" });
      const page = await http.get("/login/two-factor");
      expect(page.body).toContain(TRUST_BROWSER_LABEL.replace("'", "&#x27;"));
      const code = { method: "totp", code: await codeFor(secret), redirectTo: "/" };
      const right = await http.form("/login/two-factor", trustBrowser ? { ...code, trustBrowser: "true" } : code);
      expect(right.statusCode, right.body).toBe(302);
      expect((await http.post("/api/auth/sign-out")).statusCode).toBe(200);
      return http;
    }
    const trusted = await signInWithCode(true);
    const untrusted = await signInWithCode(false);
    expect(await asksForCode(trusted)).toBe(false);
    expect((await trusted.get("/api/me")).json()).toMatchObject({ email });
    await trusted.post("/api/auth/sign-out");
    expect(await asksForCode(untrusted)).toBe(true);
    expect(await asksForCode(client(optional))).toBe(true);

    // Their password changed elsewhere: the trusted browser asks again.
    const other = client(optional);
    await other.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" });
    await other.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) });
    const change = (currentPassword: string, newPassword: string) =>
      other.form("/profile", { intent: "password", currentPassword, newPassword });
    expect((await change("Passw0rd!", "Ch4nged-Pw!")).statusCode).toBe(200);
    expect((await change("Ch4nged-Pw!", "Passw0rd!")).statusCode).toBe(200);
    expect(await asksForCode(trusted)).toBe(true);

    // Trusted again, then two-factor turned off and on elsewhere: nobody trusted before skips the code.
    const again = await signInWithCode(true);
    expect(await asksForCode(again)).toBe(false);
    await again.post("/api/auth/sign-out");
    const off = await other.form(TWO_FACTOR_PATH, { intent: "off", password: "Passw0rd!" });
    expect(off.statusCode).toBe(302);
    const { secret: newSecret } = await turnOn(other);
    expect(newSecret).not.toBe(secret);
    expect(await asksForCode(again)).toBe(true);
    await again.post("/api/auth/sign-out");

    // Trusted once more, then "Sign out everywhere else" from another browser: a lost phone's trust ends with it.
    secret = newSecret;
    const lost = await signInWithCode(true);
    expect(await asksForCode(lost)).toBe(false);
    await lost.post("/api/auth/sign-out");
    expect((await other.post("/api/me/sessions/sign-out-others")).statusCode).toBe(200);
    expect(await asksForCode(lost)).toBe(true);
  });

  it("a trusted browser's emailed sign-in link goes straight in, and the browser stays a known device", async () => {
    const { email, secret } = await personWithTwoFactor(optional);
    const http = client(optional);
    await http.form("/login", { email, password: "Passw0rd!", redirectTo: "/" });
    const code = { method: "totp", code: await codeFor(secret), redirectTo: "/", trustBrowser: "true" };
    expect((await http.form("/login/two-factor", code)).statusCode).toBe(302);
    await http.post("/api/auth/sign-out");
    expect((await client(optional).post("/api/auth/sign-in/magic-link", { email })).statusCode).toBe(200);
    await optional.services.notifications.deliverEmailsNow();
    const link = kept.findLast((line) => line.includes(`to ${email}:`))?.match(/\/login\/link\?token=([\w.-]+)/);
    const used = await http.form("/login/link", { intent: "use-link", token: link?.[1] as string });
    expect(used.statusCode).toBe(302);
    expect(used.headers.location).toBe("/");
    expect((await http.get("/api/me")).json()).toMatchObject({ email });
    expect(String(used.headers["set-cookie"])).toContain("relaptop_device_");
  });

  it("deleting the account deletes its two-factor secret with it", async () => {
    const { email, secret, user } = await personWithTwoFactor(optional);
    const http = client(optional);
    await http.post("/api/auth/sign-in/email", { email, password: "Passw0rd!" });
    await http.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) });
    expect((await http.post("/api/me/delete", { password: "Passw0rd!" })).statusCode).toBe(204);
    expect(await optional.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual([]);
    const [row] = await optional.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.twoFactorEnabled).toBe(false);
  });
});

describe("ADMIN_TWO_FACTOR", () => {
  it("required: an admin without it gets 403 from the admin API and is sent to set it up from admin pages, until it is on", async () => {
    const { http } = await signedInAccount(required, { name: "Ada Required", email: "ada@x.test", role: "admin" });
    const api = await http.get("/api/buyers");
    expect(api.statusCode).toBe(403);
    expect(api.json()).toEqual({ code: "TWO_FACTOR_REQUIRED", message: TWO_FACTOR_MESSAGES.requiredForAdmin });
    const page = await http.get("/dashboard/all/brands");
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(TWO_FACTOR_PATH);
    // What they need to get past it keeps working: their profile, the setup page.
    expect((await http.get("/profile")).statusCode).toBe(200);
    const setupPage = await http.get(TWO_FACTOR_PATH);
    expect(setupPage.statusCode).toBe(200);
    expect(setupPage.body).toContain(TWO_FACTOR_MESSAGES.requiredForAdmin);

    await turnOn(http);
    expect((await http.get("/api/buyers")).statusCode).toBe(200);
    expect((await http.get("/dashboard/all/brands")).statusCode).toBe(200);
  });

  it("required: the login form sends an admin without it straight to the setup page", async () => {
    await createUser(required, { name: "Abe Admin", email: "abe@x.test", role: "admin" });
    const login = await client(required).form("/login", {
      email: "abe@x.test",
      password: "Passw0rd!",
      redirectTo: "/",
    });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe(TWO_FACTOR_PATH);
  });

  it("optional: an admin without it uses the admin pages and API, and the dashboard offers it", async () => {
    const { http } = await signedInAccount(optional, { name: "Ola Optional", email: "ola@x.test", role: "admin" });
    expect((await http.get("/api/buyers")).statusCode).toBe(200);
    expect((await http.get("/dashboard/all/brands")).statusCode).toBe(200);
    const dashboard = await http.get("/dashboard");
    expect(dashboard.body).toContain(TWO_FACTOR_MESSAGES.protectAdmin);
    expect(dashboard.body).toContain(`href="${TWO_FACTOR_PATH}"`);
  });

  it("is the default with DATABASE_URL, optional without; any other value stops the server naming it", async () => {
    const { loadConfig } = await import("../../server/config.ts");
    const base = { NODE_ENV: "test", AUTH_SECRET: "a".repeat(32) };
    expect(loadConfig(base).adminTwoFactor).toBe("optional");
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://x@localhost/db" }).adminTwoFactor).toBe("required");
    expect(
      loadConfig({ ...base, DATABASE_URL: "postgres://x@localhost/db", ADMIN_TWO_FACTOR: "optional" }).adminTwoFactor,
    ).toBe("optional");
    expect(() => loadConfig({ ...base, ADMIN_TWO_FACTOR: "sometimes" })).toThrow(/ADMIN_TWO_FACTOR/);
  });
});
