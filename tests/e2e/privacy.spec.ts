import { NEW_ACCOUNT_PASSWORD, signUpBuyer } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, logIn, test } from "./support/fixtures.ts";

/** The site's terms, privacy and cookie pages, and "Where you're signed in" on the profile (#49). */

test("the footer's Legal links reach the terms, privacy and cookie pages, each accessible", async ({ page }) => {
  for (const [link, heading] of [
    ["Terms of use", "Terms of use"],
    ["Privacy policy", "Privacy policy"],
    ["Cookie policy", "Cookie policy"],
  ] as const) {
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
    // The privacy policy says how long notifications are kept (RETENTION_DAYS' default) and who processes data.
    if (heading === "Privacy policy") {
      await expect(page.getByText(/365 days, then deleted automatically/).first()).toBeVisible();
      await expect(page.getByText("Stripe", { exact: true })).toBeVisible();
    }
  }
});

test("the sign-up form says that creating an account agrees to the Terms", async ({ page }) => {
  await page.goto("/signUp");
  await expect(page.getByText("By creating an account you agree to the")).toBeVisible();
  await page.getByRole("link", { name: "Terms", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of use" })).toBeVisible();
});

test("signing out another device from the profile signs that browser out", async ({ page, browser }) => {
  const email = await signUpBuyer(page, "Devon Devices");
  // The same account in a browser of its own: the "lost phone".
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logIn(other, email, NEW_ACCOUNT_PASSWORD);
  await other.goto("/profile");
  await expect(other.getByRole("heading", { name: "Where you're signed in" })).toBeVisible();

  await page.goto("/profile");
  const sessions = page.getByRole("region", { name: "Where you're signed in" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByText("This device")).toHaveCount(1);
  await expect(sessions.getByText(/Chrome on|Chrome|Unknown device/).first()).toBeVisible();
  await expectAccessible(page);
  await sessions.getByRole("button", { name: /^Sign out (?!everywhere else)/ }).click();
  await expect(page.getByText("That device is signed out.")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);

  // The other browser's next request is nobody's: the profile sends it to log in.
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  // This one is still signed in.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  await otherContext.close();
});
