import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountEvents, emailOutbox } from "../../db/schema/index.ts";
import { SIGN_IN_CHANGES, type SignInChange } from "../../schemas/sign-in-changes.ts";
import type { Client } from "../support/http.ts";
import { insertPasskey } from "../support/passkeys.ts";
import { signedInPerson } from "../support/people.ts";
import { PUBLIC_URL, testAppForTests } from "../support/test-app.ts";

/**
 * Whatever changes how an account signs in — its password, a passkey, two-factor, a Google account linked — emails its owner and is kept
 * in account_events, through the API's endpoints and the profile's verbs alike; a refused change does neither.
 * (A password chosen with an emailed link: tests/integration/account-recovery.test.ts. A passkey added with an
 * authenticator: tests/e2e/passkeys.spec.ts.)
 */
const t = testAppForTests();

/** What the owner was told and what admins can read, oldest first. */
async function toldAndKept(userId: string) {
  const mails = await t.db
    .select({ subject: emailOutbox.subject, payload: emailOutbox.payload })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, "account.signInChanged")))
    .orderBy(asc(emailOutbox.createdAt));
  const events = await t.db
    .select({ action: accountEvents.action, summary: accountEvents.summary })
    .from(accountEvents)
    .where(eq(accountEvents.userId, userId))
    .orderBy(asc(accountEvents.at));
  return { told: mails.map((m) => m.payload.params.change as SignInChange), mails, events };
}

const codeFor = (secret: string) => createOTP(base32.decode(secret)).totp();

async function turnOnTwoFactor(http: Client) {
  const started = await http.post("/api/auth/two-factor/enable", { password: "Passw0rd!" });
  expect(started.statusCode, started.body).toBe(200);
  const secret = new URL(started.json().totpURI).searchParams.get("secret") as string;
  const confirmed = await http.post("/api/auth/two-factor/verify-totp", { code: await codeFor(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

describe("changes to how an account signs in", () => {
  it("a changed password: the owner is emailed and the change kept; a wrong current password changes nothing", async () => {
    const me = await signedInPerson(t);
    // The profile's "Change password" (its page's action calls this verb with the browser's cookie).
    const change = (currentPassword: string) =>
      t.services.accounts.changePassword(
        { currentPassword, newPassword: "N3w!pass" },
        new Headers({ cookie: me.cookie, origin: PUBLIC_URL }),
      );
    await expect(change("not-it")).rejects.toThrow();
    expect((await toldAndKept(me.user.id)).told).toEqual([]);

    await change("Passw0rd!");
    const { told, mails, events } = await toldAndKept(me.user.id);
    expect(told).toEqual(["passwordChanged"]);
    expect(mails[0]?.subject).toBe("How you sign in to ReLaptop changed");
    expect(events).toEqual([{ action: "change-password", summary: SIGN_IN_CHANGES.passwordChanged.summary }]);
  });

  it("two-factor turned on (by the first code, not by the password alone), new backup codes, turned off", async () => {
    const me = await signedInPerson(t);
    // Turning off what is not on changes nothing, and tells nobody.
    expect((await me.http.post("/api/auth/two-factor/disable", { password: "Passw0rd!" })).statusCode).toBeLessThan(
      500,
    );
    // The password alone starts the setup; nothing is in force yet.
    expect((await me.http.post("/api/auth/two-factor/enable", { password: "Passw0rd!" })).statusCode).toBe(200);
    expect((await toldAndKept(me.user.id)).told).toEqual([]);
    await turnOnTwoFactor(me.http);
    expect((await toldAndKept(me.user.id)).told).toEqual(["twoFactorOn"]);

    expect((await me.http.post("/api/auth/two-factor/generate-backup-codes", { password: "not-it" })).statusCode).toBe(
      400,
    );
    const codes = await me.http.post("/api/auth/two-factor/generate-backup-codes", { password: "Passw0rd!" });
    expect(codes.statusCode, codes.body).toBe(200);
    const off = await me.http.post("/api/auth/two-factor/disable", { password: "Passw0rd!" });
    expect(off.statusCode, off.body).toBe(200);

    const { told, events } = await toldAndKept(me.user.id);
    expect(told).toEqual(["twoFactorOn", "backupCodesRenewed", "twoFactorOff"]);
    expect(events.map((e) => e.action)).toEqual(["two-factor-on", "new-backup-codes", "two-factor-off"]);
  });

  it("a passkey removed from the profile; someone else's removes nothing and tells nobody", async () => {
    const me = await signedInPerson(t);
    const other = await signedInPerson(t);
    const passkey = await insertPasskey(t, me.user.id);

    expect((await other.http.raw("DELETE", `/api/me/passkeys/${passkey}`)).statusCode).toBe(404);
    expect((await toldAndKept(me.user.id)).told).toEqual([]);
    expect((await toldAndKept(other.user.id)).told).toEqual([]);

    expect((await me.http.raw("DELETE", `/api/me/passkeys/${passkey}`)).statusCode).toBe(204);
    const { told, events } = await toldAndKept(me.user.id);
    expect(told).toEqual(["passkeyRemoved"]);
    expect(events.map((e) => e.summary)).toEqual(["Removed a passkey"]);
  });

  it("a Google account linked to a password account is told; Google's first sign-in, creating the account, is not", async () => {
    // Google's callback links (or creates) through better-auth's adapter, as these calls do.
    const { internalAdapter } = await t.services.accounts.auth.$context;
    const me = await signedInPerson(t);
    await internalAdapter.linkAccount({ userId: me.user.id, providerId: "google", accountId: `g-${me.user.id}` });
    const { told, events } = await toldAndKept(me.user.id);
    expect(told).toEqual(["googleLinked"]);
    expect(events).toEqual([{ action: "link-google", summary: SIGN_IN_CHANGES.googleLinked.summary }]);

    const email = `gina-${crypto.randomUUID()}@google.test`;
    const created = await internalAdapter.createOAuthUser(
      { email, name: "Gina Google", emailVerified: true },
      { providerId: "google", accountId: `g-${email}` },
    );
    expect((await toldAndKept(created.user.id)).told).toEqual([]);
  });
});
