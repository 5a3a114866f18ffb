import type { Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { NEW_ACCOUNT_PASSWORD, signUpBuyer } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, hydrated, logIn, test, uniqueEmail, userMenu } from "./support/fixtures.ts";
import { lastMailTo, linkIn } from "./support/mail.ts";
import { OIDC_PORT } from "./support/oidc.ts";

/*
 * The profile's Google section and a password for an account Google made, through the stand-in for Google
 * (tests/e2e/support/oidc-server.ts), each journey as a Google account of its own (the oidc_as cookie).
 */

/** The stand-in for Google signs this browser in as the Google account of `email`. */
const asGoogleAccountOf = (page: Page, email: string) =>
  page
    .context()
    .addCookies([{ name: "oidc_as", value: encodeURIComponent(email), url: `http://127.0.0.1:${OIDC_PORT}` }]);

const google = (page: Page) => page.getByRole("region", { name: "Google" });

const toldOfChange = async (email: string) => (await lastMailTo(email, "How you sign in to ReLaptop changed")).text;

test("a password account links its Google account from the profile, then unlinks it with the password", async ({
  page,
}) => {
  const email = await signUpBuyer(page, "Lina Linker");
  await asGoogleAccountOf(page, email);
  await page.goto("/profile");
  await hydrated(page);
  await google(page).getByRole("button", { name: "Link a Google account" }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Your Google account is linked. You can now continue with Google.")).toBeVisible();
  await expect(
    google(page).getByText("Your Google account is linked: “Continue with Google” signs you in."),
  ).toBeVisible();
  expect(await toldOfChange(email)).toContain("A Google account was linked to your ReLaptop account");

  // A wrong password is said under its field; the link stays.
  await google(page).getByLabel("Your password").fill("Not-it-1!");
  await google(page).getByRole("button", { name: "Unlink Google" }).click();
  await expect(google(page).getByText("That is not your password")).toBeVisible();

  await google(page).getByLabel("Your password").fill(NEW_ACCOUNT_PASSWORD);
  await google(page).getByRole("button", { name: "Unlink Google" }).click();
  await expect(page.getByText("Your Google account is unlinked: it no longer signs you in.")).toBeVisible();
  // The form with the focused button is gone: focus lands on the section's heading, not the page.
  await expect(google(page).getByRole("heading", { name: "Google" })).toBeFocused();
  await expect(google(page).getByRole("button", { name: "Link a Google account" })).toBeVisible();
  await expect
    .poll(() => toldOfChange(email))
    .toContain("The Google account linked to your ReLaptop account was unlinked");
  await expectAccessible(page);
});

test("a Google account of another address is not linked, and the profile says why", async ({ page }) => {
  await signUpBuyer(page, "Omar Other");
  await asGoogleAccountOf(page, uniqueEmail("omar.gmail"));
  await page.goto("/profile");
  await hydrated(page);
  await google(page).getByRole("button", { name: "Link a Google account" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(
    page.getByText("That Google account has another email address. Link the Google account of this address."),
  ).toBeVisible();
  await expect(google(page).getByRole("button", { name: "Link a Google account" })).toBeVisible();
});

test("an account Google made sets a password on the profile, then logs in with it", async ({ page }) => {
  const email = uniqueEmail("gus.google");
  await asGoogleAccountOf(page, email);
  await page.goto("/login?redirectTo=%2Fprofile");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Your account has no password: you sign in with Google.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveCount(0);
  await expect(
    google(page).getByText("Google is how you sign in: to unlink it, set a password first (above)."),
  ).toBeVisible();

  await hydrated(page);
  const password = page.getByRole("form", { name: "Password" });
  await password.getByLabel("New password").fill("short");
  await password.getByRole("button", { name: "Set password" }).click();
  await expect(password.getByText("Password must be 6 character or longer!")).toBeVisible();
  await password.getByLabel("New password").fill("Gus!pass1");
  await password.getByRole("button", { name: "Set password" }).click();
  await expect(
    page.getByText("Your password is set. You can now log in with your email address and it."),
  ).toBeVisible();
  await expect(password.getByLabel("Current password")).toBeVisible();
  expect(await toldOfChange(email)).toContain("A password was set for your ReLaptop account");

  await userMenu(page, "Google Person").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Successfully Signed Out!")).toBeVisible();
  await logIn(page, email, "Gus!pass1");
  await expect(userMenu(page, "Google Person")).toBeVisible();
});

test("an unlinked Google account no longer signs in to the account of its address, until linked again", async ({
  page,
}) => {
  const email = await signUpBuyer(page, "Ulla Unlinked");
  // Google joins an account at its address only once that address is confirmed (requireLocalEmailVerified).
  const verify = await lastMailTo(email, "Verify your email address on ReLaptop");
  await page.goto(linkIn(verify, `${BASE_URL}/verify-email?token=`));
  await expect(page.getByText("Your email address is verified.")).toBeVisible();
  await asGoogleAccountOf(page, email);
  await page.goto("/profile");
  await hydrated(page);
  await google(page).getByRole("button", { name: "Link a Google account" }).click();
  await expect(page.getByText("Your Google account is linked. You can now continue with Google.")).toBeVisible();
  await google(page).getByLabel("Your password").fill(NEW_ACCOUNT_PASSWORD);
  await google(page).getByRole("button", { name: "Unlink Google" }).click();
  await expect(page.getByText("Your Google account is unlinked: it no longer signs you in.")).toBeVisible();

  const continueWithGoogle = async () => {
    await page.context().clearCookies({ domain: "127.0.0.1", name: /^relaptop/ });
    await page.goto("/login?redirectTo=%2Fprofile");
    await page.getByRole("button", { name: "Continue with Google" }).click();
  };
  await continueWithGoogle();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(
    page.getByText(
      "You unlinked Google from this account, so it no longer signs you in. Log in with your email and password; to use Google again, link it from your profile.",
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);

  // The owner links it again from the profile: Google signs in once more.
  await logIn(page, email, NEW_ACCOUNT_PASSWORD);
  await page.goto("/profile");
  await hydrated(page);
  await google(page).getByRole("button", { name: "Link a Google account" }).click();
  await expect(page.getByText("Your Google account is linked. You can now continue with Google.")).toBeVisible();
  await continueWithGoogle();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(userMenu(page, "Ulla Unlinked")).toBeVisible();
});
