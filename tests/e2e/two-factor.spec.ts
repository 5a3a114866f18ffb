import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { Page } from "@playwright/test";
import { PASSWORD_RESET_CODE_NEXT } from "../../schemas/account-recovery.ts";
import { TRUST_BROWSER_LABEL, TWO_FACTOR_MESSAGES } from "../../schemas/two-factor.ts";
import { expectAccessible } from "./support/axe.ts";
import { DEMO, expect, hydrated, test, userMenu } from "./support/fixtures.ts";
import { lastMailTo, linkIn, MAIL_SMTP_PORT } from "./support/mail.ts";
import { GOOGLE_ENV, GOOGLE_USER } from "./support/oidc.ts";
import { OWN_SERVER_PORTS, type OwnServer, startOwnServer } from "./support/own-server.ts";

/**
 * A deployment that requires two-factor for admins (ADMIN_TWO_FACTOR=required, the default with DATABASE_URL):
 * the demo's admin signs in, is sent to set it up, scans (here: reads the key under the QR code and computes
 * the codes an authenticator app would), confirms with a code, sees the backup codes once, and then the admin
 * pages open; signing in again asks for a code after the password.
 */

// Its own server (the shared one runs the embedded default, optional): one for the file, in one worker.
test.describe.configure({ mode: "serial", timeout: 180_000 });

let own: OwnServer;
let site: string;

test.beforeAll(async () => {
  own = await startOwnServer({
    ports: OWN_SERVER_PORTS.twoFactor,
    host: "127.0.0.1",
    env: (port) => ({
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      ADMIN_TWO_FACTOR: "required",
      ...GOOGLE_ENV,
      // The run's mail server: the Google journey confirms its address by email.
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
    }),
    unset: ["DATABASE_URL", "REDIS_URL"],
  });
  site = own.site;
});

test.afterAll(() => own?.stop());

/** What an authenticator app shows now for the key the setup page shows. */
const codeFor = (key: string) => createOTP(base32.decode(key)).totp();

async function passwordStep(page: Page) {
  await page.goto(`${site}/login`);
  await hydrated(page);
  await page.getByLabel("Email").fill(DEMO.admin);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

let key = "";

test("an admin is sent to turn on two-factor, sets it up, saves the backup codes, and then the admin pages open", async ({
  page,
}) => {
  await passwordStep(page);
  await expect(page).toHaveURL(`${site}/account/two-factor`);
  await expect(page.getByText(TWO_FACTOR_MESSAGES.requiredForAdmin).first()).toBeVisible();
  // An admin page sends them back here until it is on.
  await page.goto(`${site}/dashboard/all/brands`);
  await expect(page).toHaveURL(`${site}/account/two-factor`);
  await expectAccessible(page);

  await page.getByLabel("Your password").fill(DEMO.password);
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  key = (await page.locator("code").first().textContent()) ?? "";
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(page);

  // A wrong code first: it says so, and the field keeps the focus.
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeVisible();
  await expect(page.getByLabel("Authentication code")).toBeFocused();

  await page.getByLabel("Authentication code").fill(await codeFor(key));
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(page.getByText(/Save these now/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download codes" }).click();
  expect((await download).suggestedFilename()).toBe("relaptop-backup-codes.txt");

  await page.goto(`${site}/dashboard/all/brands`);
  await expect(page.getByRole("heading", { level: 1, name: "All Brands" })).toBeVisible();
});

test("signing in again asks for the authenticator's code after the password", async ({ page }) => {
  expect(key, "the setup test ran first").not.toBe("");
  await passwordStep(page);
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await expect(page.getByRole("link", { name: "Use a backup code instead" })).toBeVisible();
  await expectAccessible(page);
  const code = page.getByLabel("Authentication code");
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeVisible();
  await expect(code).toBeFocused();
  await code.fill(await codeFor(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Successfully login!")).toBeVisible();
  await page.goto(`${site}/dashboard/all/brands`);
  await expect(page.getByRole("heading", { level: 1, name: "All Brands" })).toBeVisible();
});

test("a browser trusted at the code signs in with the password alone next time; another browser is still asked", async ({
  page,
  browser,
}) => {
  expect(key, "the setup test ran first").not.toBe("");
  await passwordStep(page);
  await page.getByLabel("Authentication code").fill(await codeFor(key));
  await page.getByLabel(TRUST_BROWSER_LABEL).check();
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Successfully login!")).toBeVisible();
  await userMenu(page, "Ada Admin").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Successfully Signed Out!")).toBeVisible();

  await passwordStep(page);
  await expect(page.getByText("Successfully login!")).toBeVisible();
  await expect(page).not.toHaveURL(/\/login\/two-factor/);

  const elsewhere = await browser.newPage();
  await passwordStep(elsewhere);
  await expect(elsewhere).toHaveURL(/\/login\/two-factor/);
  await elsewhere.close();
});

test("a password reset link asks for the code before signing in; the new password is saved", async ({ page }) => {
  expect(key, "the setup test ran first").not.toBe("");
  await page.goto(`${site}/forgot-password`);
  await hydrated(page);
  await page.getByLabel("Email").fill(DEMO.admin);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText("If an account exists for that email")).toBeVisible();
  const mail = await lastMailTo(DEMO.admin, "Reset your ReLaptop password");
  await page.goto(linkIn(mail, `${site}/reset-password?token=`));
  // The same password again: the other journeys here sign in with it.
  await page.getByLabel("New password", { exact: true }).fill(DEMO.password);
  await page.getByLabel("New password again").fill(DEMO.password);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText(PASSWORD_RESET_CODE_NEXT)).toBeVisible();
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await expectAccessible(page);
  await page.getByLabel("Authentication code").fill(await codeFor(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Successfully login!")).toBeVisible();
  await page.goto(`${site}/dashboard/all/brands`);
  await expect(page.getByRole("heading", { level: 1, name: "All Brands" })).toBeVisible();
});

test("Continue with Google asks for the code too when the account it links to has two-factor on", async ({ page }) => {
  // An account with a password at the Google account's address (Google then signs in to it), two-factor on.
  await page.goto(`${site}/signUp`);
  await hydrated(page);
  await page.getByLabel("Name").fill(GOOGLE_USER.name);
  await page.getByLabel("Email").fill(GOOGLE_USER.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(`${site}/`);
  // Google signs in to an account at its address only once that address is confirmed (better-auth's
  // requireLocalEmailVerified): else anyone could sign up first with someone's address and wait.
  const mail = await lastMailTo(GOOGLE_USER.email, "Verify your email address on ReLaptop");
  await page.goto(linkIn(mail, `${site}/verify-email?token=`));
  await expect(page.getByText("Your email address is verified.")).toBeVisible();
  await page.goto(`${site}/account/two-factor`);
  await page.getByLabel("Your password").fill(DEMO.password);
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  const ginasKey = (await page.locator("code").first().textContent()) ?? "";
  await page.getByLabel("Authentication code").fill(await codeFor(ginasKey));
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(page.getByText(/Save these now/)).toBeVisible();
  await page.context().clearCookies();

  await page.goto(`${site}/login?redirectTo=%2Fblogs`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor\?redirectTo=%2Fblogs/);
  // Not signed in meanwhile: a page that needs it sends them to log in.
  const other = await page.context().newPage();
  await other.goto(`${site}/dashboard`);
  await expect(other).toHaveURL(/\/login/);
  await other.close();
  await page.getByLabel("Authentication code").fill(await codeFor(ginasKey));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${site}/blogs`);
  await expect(page.getByText("Successfully login!")).toBeVisible();
});
