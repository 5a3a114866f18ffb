import { registerSeller, sendSignUp } from "./support/accounts.ts";
import {
  answerDialog,
  BUYER_MENU,
  DEMO,
  expect,
  fieldError,
  logIn,
  openFromDashboardMenu,
  signedInPage,
  test,
  userMenu,
} from "./support/fixtures.ts";

test("an admin verifies a seller, and the mark appears on their adverts", async ({ page }) => {
  await page.goto("/allAdd?q=MacBook"); // the MacBook Air M1 belongs to Rafi, the unverified demo seller
  const card = page.locator("article").filter({ hasText: "Apple MacBook Air M1" });
  await expect(card).toContainText("Seller: Rafi Reseller");
  await expect(card.getByText("Verified")).toHaveCount(0);

  await logIn(page, DEMO.admin);
  await openFromDashboardMenu(page, "All Sellers");
  await expect(page.getByRole("heading", { name: "All Sellers" })).toBeVisible();
  const row = page.getByRole("row", { name: /Rafi Reseller/ });
  await expect(row.getByText("Not verified")).toBeVisible();
  await row.getByRole("button", { name: "Make Verified" }).click();
  await expect(page.getByText("Seller Verified!")).toBeVisible();
  await expect(row.getByText("Verified", { exact: true })).toBeVisible();

  await page.goto("/allAdd?q=MacBook");
  await expect(card.getByText("Verified")).toBeVisible();
  await page.goto("/dashboard/admin-log");
  await expect(page.getByText("Verified Rafi Reseller").first()).toBeVisible();
});

test("an admin deletes a buyer, who can then no longer log in", async ({ page, browser }) => {
  const email = await sendSignUp(page, "Doomed Buyer");
  await expect(userMenu(page, "Doomed Buyer")).toBeVisible();

  const adminPage = await signedInPage(browser, DEMO.admin);
  await adminPage.goto(`/dashboard/all/buyers?q=${encodeURIComponent(email)}`);
  await expect(adminPage.getByRole("heading", { name: "All User" })).toBeVisible();
  await adminPage.getByRole("button", { name: "Delete Doomed Buyer" }).click();
  await answerDialog(adminPage, "Are sure to delete this product?", "Delete");
  await expect(adminPage.getByText("The account is deleted; its history is kept.")).toBeVisible();
  // Anonymised: nobody of that name or address is listed any more.
  await expect(adminPage.getByRole("row", { name: /Doomed Buyer/ })).toHaveCount(0);

  // Their open session has ended...
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
  // ...and they cannot sign in again: the address left the account, so it is refused as any unknown one is.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Abcdef1!");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
});

test("a seller switches to User and back", async ({ page }) => {
  await registerSeller(page, "Sol Switch");

  await userMenu(page, "Sol Switch").click();
  await expect(page.getByRole("banner").getByText("Seller", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Switch to User" }).click();
  await expect(page.getByText("You are User now!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/dashboard");
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu.getByRole("link")).toHaveText(BUYER_MENU);
  await page.goto("/dashboard/post/add");
  await expect(page.getByText("You are acting as a user right now.")).toBeVisible();
  // The page's own switch: back to seller mode, and back to the form.
  await page.getByRole("button", { name: "Switch to seller mode" }).click();
  await expect(page.getByText("You are seller now!")).toBeVisible();
  await expect(page.getByLabel("Resale price ($)")).toBeVisible();
  await page.goto("/dashboard");
  await expect(menu.getByRole("link", { name: "My Products" })).toBeVisible();
});

test("the profile changes the display name and the password with the strength rules", async ({ page }) => {
  const email = await sendSignUp(page, "Pat Profile");
  await userMenu(page, "Pat Profile").click();
  await page.getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  await expect(page.getByText(`${email} · Buyer`)).toBeVisible();

  const nameForm = page.getByRole("form", { name: "Display name" });
  await nameForm.getByLabel("Name").fill("Pat Renamed");
  await nameForm.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name is updated.")).toBeVisible();
  await expect(userMenu(page, "Pat Renamed")).toBeVisible();

  const passwordForm = page.getByRole("form", { name: "Password" });
  await passwordForm.getByLabel("Current password").fill("Abcdef1!");
  await passwordForm.getByLabel("New password").fill("weak");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(fieldError(page, "Password must be 6 character or longer!")).toBeVisible();
  await passwordForm.getByLabel("Current password").fill("Wrong1!x");
  await passwordForm.getByLabel("New password").fill("Newpass1!");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.locator("p.text-error")).toHaveText(/invalid password/i);
  await passwordForm.getByLabel("Current password").fill("Abcdef1!");
  await passwordForm.getByLabel("New password").fill("Newpass1!");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed.")).toBeVisible();
});
