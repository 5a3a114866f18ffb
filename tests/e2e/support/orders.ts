import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

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
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Congratulations! your payment successful.")).toBeVisible();
}
