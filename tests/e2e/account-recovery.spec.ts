import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { expect, fieldError, test, uniqueEmail, userMenu } from "./support/fixtures.ts";
import { lastMailTo, linkIn } from "./support/mail.ts";

// Each journey waits for the job queue to deliver its emails, and signs in several times (scrypt).
test.describe.configure({ timeout: 60_000 });

/** The page's hidden status line: what a screen reader last heard without focus moving. */
const announcer = (page: Page) => page.locator("#announcer");

const PASSWORD = "Passw0rd!";
const NEW_PASSWORD = "N3w!pass";

async function signUp(request: APIRequestContext, name: string, email: string) {
  const res = await request.post("/api/auth/sign-up/email", {
    data: { name, email, password: PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(res.status()).toBe(200);
}

async function tryLogIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  return { page, close: () => context.close() };
}

test("forgot password → the emailed link → a new password → signed in; the old password and the used link are refused", async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail("forgetful");
  await signUp(request, "Fran Forgetful", email);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(announcer(page)).toHaveText("1 field needs your attention.");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(
    page.getByText("If an account exists for that email, we have sent a link to reset the password."),
  ).toBeVisible();
  // The button kept focus while the request ran (a disabled one would have dropped it to the page).
  await expect(page.getByRole("button", { name: "Send me a link" })).toBeFocused();
  // Sent: the refusal's count is no longer in the page for a screen reader to come across.
  await expect(announcer(page)).not.toHaveText(/attention/);

  const mail = await lastMailTo(email, "Reset your ReLaptop password");
  const link = linkIn(mail, `${BASE_URL}/reset-password?token=`);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("weakpass");
  await page.getByLabel("New password again").fill("weakpass");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(fieldError(page, "Password must be strong!")).toBeVisible();
  await expect(announcer(page)).toHaveText("1 field needs your attention.");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("New password again").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Your password is changed and you are signed in.")).toBeVisible();
  await expect(userMenu(page, "Fran Forgetful")).toBeVisible();
  await expect(announcer(page)).not.toHaveText(/attention/);

  await page.goto(link);
  await expect(page.getByText("This link has already been used or has expired.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Send me a new link" })).toBeVisible();

  const old = await tryLogIn(browser, email, PASSWORD);
  await expect(old.page.getByText(/invalid email or password/i)).toBeVisible();
  await old.close();
  const fresh = await tryLogIn(browser, email, NEW_PASSWORD);
  await expect(fresh.page.getByText("Successfully login!")).toBeVisible();
  await fresh.close();
});

test("a new account sees the verification banner, gets the email again, and the link verifies it", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  await page.goto("/signUp");
  await page.getByLabel("Name").fill("Vera Verify");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  const banner = page.getByRole("region", { name: "Email verification" });
  await expect(banner.getByText("Please verify your email address.")).toBeVisible();
  await lastMailTo(email, "Verify your email address on ReLaptop");

  await banner.getByRole("button", { name: "Send the email again" }).click();
  await expect(page.getByText("We have sent the email again.")).toBeVisible();
  const mail = await lastMailTo(email, "Verify your email address on ReLaptop");
  await page.goto(linkIn(mail, `${BASE_URL}/verify-email?token=`));
  await expect(page.getByText("Your email address is verified.")).toBeVisible();
  // Not "Please verify…" above it: the page itself says how things stand.
  await expect(banner).toHaveCount(0);
  await page.goto("/");
  await expect(banner).toHaveCount(0);
});
