import { expect, test, userMenu } from "./support/fixtures.ts";

/*
 * The stand-in for Google signs everyone in as one person (tests/e2e/support/oidc-server.ts), whom the first
 * Google sign-in creates. Two journeys making that first sign-in at the same moment would both create her, and
 * one would be refused (unable_to_create_user, as CI once saw): so she is created here, before the journeys run
 * (the `google` project in playwright.config.ts), by the journey that is about creating her.
 */
test("Continue with Google signs in through the OpenID provider and creates a user", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Fblogs");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByText("Successfully login!")).toBeVisible();
  await expect(userMenu(page, "Gina Google")).toBeVisible();
  await page.goto("/dashboard");
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu.getByRole("link", { name: "My Orders" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "My Products" })).toHaveCount(0);
});
