import { fillSignUp, signUpBuyer } from "./support/accounts.ts";
import { expect, hydrated, test, userMenu } from "./support/fixtures.ts";
import { OIDC_PORT } from "./support/oidc.ts";

test("a visitor returns to Book Now after signing up", async ({ page }) => {
  await page.goto("/allAdd");
  const card = page.locator("article h3 a").first();
  const cardName = (await card.textContent())?.trim() ?? "";
  await card.click();
  await expect(page).toHaveURL(/\/laptops\//);
  const title = page.getByRole("heading", { level: 1, name: cardName });
  const name = (await title.textContent())?.trim() ?? "";
  expect(name).not.toBe("");
  const laptopUrl = page.url();

  await page.getByRole("link", { name: "Book Now" }).click();
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `Log in to book ${name}` })).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Sign Up" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `Sign up to book ${name}` })).toBeVisible();
  await fillSignUp(page, "Wally Walker");

  // Back on the laptop's page, signed in: Book Now opens the booking form now.
  await expect(page).toHaveURL(laptopUrl);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(userMenu(page, "Wally Walker")).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByRole("dialog", { name: `Book ${name}` })).toBeVisible();
});

test("Message seller names the seller on the login page", async ({ page }) => {
  await page.goto("/allAdd");
  await page.locator("article h3 a").first().click();
  await page.getByRole("link", { name: "Message seller" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Log in to message \S/ })).toBeVisible();
});

test("a buyer starts selling from Post Add and lands on Add Advertisement as a seller", async ({ page }) => {
  await signUpBuyer(page, "Selma Starter");
  await hydrated(page);
  await page.getByRole("banner").getByRole("link", { name: "Post Add" }).click();
  await expect(page).toHaveURL(/\/dashboard\/post\/add$/);
  await expect(page.getByRole("heading", { name: "Add Advertisement" })).toBeVisible();
  await expect(page.getByText("yours is a buyer account")).toBeVisible();
  await page.getByRole("button", { name: "Start selling" }).click();
  await expect(page.getByText("You are seller now!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/post\/add$/);
  await expect(page.getByLabel("Resale price ($)")).toBeVisible();
  // The account menu has the Seller/User switch now, in seller mode.
  await userMenu(page, "Selma Starter").click();
  await expect(page.getByRole("button", { name: "Switch to User" })).toBeVisible();
});

test("a brand card's wall says why, and Google brings the visitor back to the brand", async ({ page }) => {
  await page.goto("/");
  await page.locator("#categories").getByRole("link", { name: /Acer/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Log in to see Acer laptops" })).toBeVisible();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("heading", { name: "All Acer Laptops" })).toBeVisible();
  await expect(page).toHaveURL(/\/category\//);
});

test("cancelled at Google, the login page still says why", async ({ page }) => {
  await page.context().addCookies([{ name: "oidc_refuse", value: "1", url: `http://127.0.0.1:${OIDC_PORT}` }]);
  await page.goto("/");
  await page.locator("#categories").getByRole("link", { name: /Acer/ }).click();
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Google sign-in did not finish." })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Log in to see Acer laptops" })).toBeVisible();
});
