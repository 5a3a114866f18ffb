import type { Locator, Page } from "@playwright/test";
import { answerDialog, expect } from "./fixtures.ts";

/**
 * Books a laptop as a signed-in buyer does (booking has its own journey, with every message, in
 * orders.spec.ts): found by its name on /allAdd, opened, Book Now, the dialog filled and sent.
 */
export async function bookFromItsPage(page: Page, name: string, meetingLocation: string) {
  await page.goto(`/allAdd?q=${encodeURIComponent(name)}`);
  await page.locator("article h3 a", { hasText: name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${name}` });
  await dialog.getByLabel("Meeting location").fill(meetingLocation);
  await dialog.getByLabel("Phone Number").fill("01712345678");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your booking is confirmed!")).toBeVisible();
}

/** Pays for the buyer's booking of this laptop from My Orders, with the test card that succeeds. */
export async function payFromMyOrders(page: Page, name: string) {
  await page.goto("/dashboard/my/orders");
  await page.getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "Pay" }).click();
  await payWithTestCard(page);
}

/** Pays on the open payment page with the test card that succeeds. */
export async function payWithTestCard(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Congratulations! your payment successful.")).toBeVisible();
}

/** Opens the buyer's order of this laptop from My Orders (by its number's link). The order page's path. */
export async function openOrderFromMyOrders(page: Page, name: string) {
  await page.goto("/dashboard/my/orders");
  await page
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByRole("link", { name: /^Order RL-/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order RL-/ })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** The seller, on the order's page, marks it handed over once asked to confirm. */
export async function markHandedOver(page: Page) {
  await page.getByRole("button", { name: "Mark as handed over" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark as handed over" }).click();
  await expect(page.getByText("Marked as handed over. The buyer protection window has started.")).toBeVisible();
}

/** The buyer, on the order's page, says everything is fine once asked: the sale is final. */
export async function confirmEverythingFine(page: Page) {
  await page.getByRole("button", { name: "Everything is fine" }).click();
  await answerDialog(page, /^Is everything fine with /, "Everything is fine");
  await expect(page.getByText("Thank you! The sale is complete.")).toBeVisible();
}

/** A sale's row in My Sales once its action `action` is done: it says `status`, and offers the action no more. */
export async function expectSaleRowAfter(row: Locator, action: string, status: string) {
  await expect(row.getByText(status)).toBeVisible();
  await expect(row.getByRole("button", { name: action })).toHaveCount(0);
}
