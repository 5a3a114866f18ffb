import { NEW_ACCOUNT_PASSWORD, registerSeller } from "./support/accounts.ts";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import { DEMO, expect, fieldError, hydrated, signedInPage, test } from "./support/fixtures.ts";

const THEIR_LAPTOP = "Apple MacBook Air M2"; // one of the demo seller's laptops

test("a seller deletes their account: their laptop is gone and their message reads as from “Deleted user”", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a sign-up and a sign-in
  const stamp = Date.now().toString(36);
  await registerSeller(page, "Dana Doomed");
  const laptop = `Dana's ThinkPad ${stamp}`;
  const advertId = await postLaptopThroughApi(page, {
    name: laptop,
    brand: "Lenovo",
    description: "A laptop whose seller is about to leave.",
  });
  // Dana asks the demo seller about one of theirs.
  await page.goto(`/allAdd?q=${encodeURIComponent(THEIR_LAPTOP)}`);
  await page.locator("article h3 a", { hasText: THEIR_LAPTOP }).first().click();
  await page.getByRole("link", { name: "Message seller" }).click();
  const question = `Would you swap it for a ThinkPad? (${stamp})`;
  await page.getByRole("textbox", { name: "Message" }).fill(question);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
  const conversation = new URL(page.url()).pathname;

  // Profile → Delete my account: a dialog asks for the password; a wrong one is refused under its field.
  await page.goto("/profile");
  await hydrated(page);
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Your password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(fieldError(page, "That is not your password")).toBeVisible();
  await dialog.getByLabel("Your password").fill(NEW_ACCOUNT_PASSWORD);
  await dialog.getByRole("button", { name: "Delete my account for good" }).click();

  // Signed out, on the home page, told what happened.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account is deleted.")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);

  // The laptop left the catalogue.
  const gone = await page.goto(`/laptops/${advertId}`);
  expect(gone?.status()).toBe(404);
  await page.goto(`/allAdd?q=${encodeURIComponent(laptop)}`);
  await expect(page.locator("article h3 a", { hasText: laptop })).toHaveCount(0);

  // The demo seller still reads the conversation, from “Deleted user”.
  const seller = await signedInPage(browser, DEMO.seller);
  await seller.goto(conversation);
  const log = seller.getByRole("log", { name: "Messages" });
  await expect(log.getByText(question)).toBeVisible();
  await expect(log.getByText("Deleted user")).toBeVisible();
  await expect(seller.getByText("Dana Doomed")).toHaveCount(0);
  await expectAccessible(seller);
});
