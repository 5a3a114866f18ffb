import type { Page } from "@playwright/test";
import { signUpBuyer } from "./support/accounts.ts";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { answerDialog, correctAndResubmit, expect, fieldError, logIn, signedInPage, test } from "./support/fixtures.ts";
import { confirmEverythingFine, payWithTestCard } from "./support/orders.ts";

/** A new buyer for each test: orders are per buyer, so tests stay independent. */
const newBuyer = signUpBuyer;

/** Books the first laptop a search finds and returns its name. */
async function bookFirst(page: Page, query: string) {
  await page.goto(`/allAdd?q=${encodeURIComponent(query)}`);
  const name = (await page.locator("article h3").first().textContent()) as string;
  await page.locator("article h3 a").first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${name}` });
  await dialog.getByLabel("Meeting location").fill("Dhanmondi 27");
  await dialog.getByLabel("Phone Number").fill("01712345678");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your booking is confirmed!")).toBeVisible();
  return name;
}

test("a buyer books with every validation message, pays with a declined card then a good one, and sees Paid", async ({
  page,
  browser,
}) => {
  // A laptop of the journey's own: selling a demo laptop would change the demo's sales history, which the price
  // guidance journey reads.
  const name = `HP EliteBook for Olga ${Date.now().toString(36)}`;
  const seller = await signedInPage(browser, "rafi@relaptop.test");
  await postLaptopThroughApi(seller, { name, brand: "HP", description: "Booked, paid and received in a journey." });
  await seller.context().close();

  await newBuyer(page, "Olga Orders");
  await page.goto("/");
  await page.locator("#categories").getByRole("link", { name: "HP", exact: true }).click();
  await expect(page.getByRole("heading", { name: "All HP Laptops" })).toBeVisible();
  const card = page.locator("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await card.getByRole("button", { name: "Book Now" }).click();

  const dialog = page.getByRole("dialog", { name: `Book ${name}` });
  await expect(dialog.getByLabel("Name")).toHaveValue("Olga Orders");
  await expect(dialog.getByLabel("Name")).toBeDisabled();
  await expect(dialog.getByLabel("Email")).toBeDisabled();
  await expect(dialog.getByLabel("Price")).toHaveValue(/^\$[\d,.]+$/);
  await expect(dialog.getByLabel("Price")).toBeDisabled();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(fieldError(page, "Meeting location is required")).toBeVisible();
  await expect(fieldError(page, "Phone Number is required")).toBeVisible();
  await dialog.getByLabel("Meeting location").fill("Dhanmondi 27");
  await correctAndResubmit(page, dialog, {
    field: "Phone Number",
    wrong: "0171-abc",
    submit: "Submit",
    error: "Phone Number must contain digits only",
    value: "01712345678",
    done: "Your booking is confirmed!",
    closes: true,
  });
  await expect(card.getByText("Booked", { exact: true })).toBeVisible();

  await page.goto("/dashboard/my/orders");
  const order = page.getByRole("listitem").filter({ hasText: name });
  await expect(order.getByText("Booked", { exact: true })).toBeVisible();
  // Back to the brand's page: never the copy from before the booking (signed-in pages are no-store).
  await page.goBack();
  await expect(card.getByText("Booked", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Book Now" })).toHaveCount(0);
  await page.goForward();
  await order.getByRole("link", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: `Payment for ${name}` })).toBeVisible();
  await expect(page.getByText(/Please pay \$[\d,.]+ for confirm this order!/)).toBeVisible();
  await expect(page.getByText(/Test mode/)).toBeVisible();

  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry date (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay" }).click();
  // Focus goes to the refusal (the Pay button, disabled while it was sent, could not keep it).
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeFocused();

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Congratulations! your payment successful.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/my\/orders$/);
  await expect(order.getByText("Paid", { exact: true })).toBeVisible();
  await expect(order.getByRole("link", { name: "Pay" })).toHaveCount(0);

  await order.getByRole("button", { name: "I received it" }).click();
  // Asked first: it ends cancelling for good. "Not yet" changes nothing.
  const received = page.getByRole("dialog", { name: /^Did you receive / });
  await expect(received).toContainText(
    "The order can no longer be cancelled. For 72 hours you can still report a problem",
  );
  await received.getByRole("button", { name: "Not yet" }).click();
  await expect(order.getByText("Paid", { exact: true })).toBeVisible();
  await order.getByRole("button", { name: "I received it" }).click();
  await received.getByRole("button", { name: "I received it" }).click();
  await expect(
    page.getByText("Enjoy your laptop! If something is wrong with it, report a problem within 72 hours."),
  ).toBeVisible();
  // Its buttons went with the change: focus lands on the order's new status, not at the top of the page.
  await expect(order.getByText("Handed over", { exact: true })).toBeFocused();
  await expect(order.getByRole("button", { name: "Cancel" })).toHaveCount(0);

  // The order's page says until when a problem can be reported, and how protection works.
  await order.getByRole("link", { name: /^Order RL-/ }).click();
  await expect(page.getByRole("note")).toContainText("Buyer protection: you can report a problem until");
  await expect(page.getByText(/: Received the laptop$/)).toBeVisible();
  // All is well: the sale is final at once, asked first.
  await confirmEverythingFine(page);
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Everything is fine" })).toHaveCount(0);
  await expect(page.getByRole("note")).toHaveCount(0);
});

test("a buyer cancels an unpaid booking, and cancels a paid order for a full refund", async ({ page }) => {
  await newBuyer(page, "Carl Cancel");
  const first = await bookFirst(page, "Lenovo");
  await page.goto("/dashboard/my/orders");
  const booking = page.getByRole("listitem").filter({ hasText: first });
  await booking.getByRole("button", { name: "Cancel" }).click();
  await answerDialog(page, "Cancel this booking?", "Cancel booking");
  await expect(page.getByText("Your booking is cancelled.")).toBeVisible();
  await expect(booking.getByText("Cancelled", { exact: true })).toBeVisible();

  const second = await bookFirst(page, "Acer");
  await page.goto("/dashboard/my/orders");
  const paid = page.getByRole("listitem").filter({ hasText: second }).filter({ hasText: "Booked" });
  await paid.getByRole("link", { name: "Pay" }).click();
  await payWithTestCard(page);
  const row = page.getByRole("listitem").filter({ hasText: second }).filter({ hasText: "Paid" });
  await row.getByRole("button", { name: "Cancel" }).click();
  await answerDialog(page, "Cancel this order and get a full refund?", "Cancel and refund");
  await expect(page.getByText("Your order is cancelled and your payment refunded in full.")).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: second }).getByText("Refunded", { exact: true }),
  ).toBeVisible();
});

test("a buyer whose booked laptop is deleted by its seller sees it is no longer for sale, with no Pay", async ({
  page,
  browser,
}) => {
  // Rafi posts a laptop of his own (through the API: posting has its own journey), so no other test's laptop goes.
  const seller = await browser.newPage();
  await logIn(seller, "rafi@relaptop.test");
  const name = `Withdrawn notebook ${Date.now().toString(36)}`;
  // Asus: a brand no other test books the first laptop of.
  await postLaptopThroughApi(seller, { name, brand: "Asus", description: "Posted to be deleted." });

  await newBuyer(page, "Wanda Withdrawn");
  await bookFirst(page, name);

  await seller.goto("/dashboard/adds/rafi@relaptop.test");
  await seller.getByRole("listitem").filter({ hasText: name }).getByRole("button", { name: "Delete" }).click();
  await answerDialog(seller, "Are sure to delete this product?", "Delete");
  await expect(seller.getByText("Your product is deleted.")).toBeVisible();
  await seller.close();

  await page.goto("/dashboard/my/orders");
  const order = page.getByRole("listitem").filter({ hasText: name });
  await expect(order.getByText("This laptop is no longer for sale.", { exact: true })).toBeVisible();
  await expect(order.getByRole("link", { name: "Pay" })).toHaveCount(0);
});
