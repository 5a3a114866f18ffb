import { registerSeller, signUpBuyer } from "./support/accounts.ts";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import { DEMO, expect, fieldError, hydrated, logIn, openFromDashboardMenu, test } from "./support/fixtures.ts";
import {
  bookFromItsPage,
  confirmEverythingFine,
  markHandedOver,
  openOrderFromMyOrders,
  payFromMyOrders,
} from "./support/orders.ts";

/*
 * Sellers get paid (#45): a new seller sets up payouts, sells a laptop, and watches the money go from Available to
 * Paid out. The e2e server pays out instantly (PAYOUT_SCHEDULE=instant in playwright.config.ts): "Everything is
 * fine" queues the payout job, which the next free worker runs within seconds.
 */

test("a new seller sets up payouts, sells a laptop, sees the money Available, then Paid out", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // two browsers, two sign-ups, a sale, and up to a minute for the payout job

  // Pat registers as a seller in a browser of their own and opens Payouts from the dashboard menu.
  const pat = await (await browser.newContext()).newPage();
  await registerSeller(pat, "Pat Lee");
  await pat.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Payouts" }).click();
  await expect(pat.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await expect(pat.getByText("Not set up")).toBeVisible();
  await expect(pat.getByText("Nothing yet.")).toBeVisible();

  // Set up payouts: a wrong account number is refused under its field, then a good one is taken.
  await hydrated(pat);
  await pat.getByLabel("Account holder").fill("Pat Lee");
  await pat.getByLabel("Bank account number").fill("12-34");
  await pat.getByRole("button", { name: "Set up payouts" }).click();
  await expect(fieldError(pat, "A bank account number is 6 to 17 digits")).toBeVisible();
  await expect(pat.getByLabel("Bank account number")).toBeFocused();
  await expect(pat.getByLabel("Account holder")).toHaveValue("Pat Lee");
  await expectAccessible(pat);
  await pat.getByLabel("Bank account number").fill("0012 3456 7890");
  await pat.getByRole("button", { name: "Set up payouts" }).click();
  await expect(pat.getByText("Payouts are set up: your money goes to •••• 7890.")).toBeVisible();
  const account = pat.getByRole("region", { name: "Payout account" });
  await expect(account.getByText("Active", { exact: true })).toBeVisible();
  await expect(account.getByText("•••• 7890")).toBeVisible();
  await expect(account.locator("summary", { hasText: "Change bank details" })).toBeVisible();

  // Pat posts a laptop at $500 (posting has its own journeys).
  const name = `Cashed-up notebook ${Date.now().toString(36)}`;
  await postLaptopThroughApi(pat, { name, brand: "Dell", description: "Sold, then paid out." });

  // A new buyer books it, pays with the test card, and opens the order's page.
  await signUpBuyer(page, "Lina Buyer");
  await bookFromItsPage(page, name, "Gulshan 2 circle");
  await payFromMyOrders(page, name);
  const orderPage = await openOrderFromMyOrders(page, name);
  // The buyer reads what they pay, not how it is shared.
  await expect(page.getByText("Seller receives")).toHaveCount(0);

  // Pat hands it over, and reads the fee and their share on the order's page.
  await pat.goto(orderPage);
  await hydrated(pat);
  await expect(pat.getByText("ReLaptop’s fee")).toBeVisible();
  await expect(pat.getByRole("definition").filter({ hasText: "$25" })).toBeVisible();
  await expect(pat.getByRole("definition").filter({ hasText: "$475" })).toBeVisible();
  await markHandedOver(pat);

  // Pat's Payouts: the sale is Pending while the buyer may still report a problem.
  await pat.goto("/dashboard/payouts");
  const balances = pat.getByRole("list", { name: "Your balances" });
  const balance = (title: string) =>
    balances.getByRole("listitem").filter({ has: pat.getByText(title, { exact: true }) });
  const line = pat.getByRole("row").filter({ hasText: name });
  await expect(line.getByRole("cell", { name: "Pending", exact: true })).toBeVisible();
  await expect(balance("Pending")).toContainText("$475");

  // The buyer says everything is fine: the sale is final.
  await page.reload();
  await hydrated(page);
  await confirmEverythingFine(page);

  // Pat's $475 is Available (the payout job has not run since), then Paid out once it has.
  await pat.reload();
  await expect(line.getByRole("link", { name: /^RL-/ })).toBeVisible();
  await expect(line).toContainText("$500");
  await expect(line).toContainText("$25");
  await expect(line).toContainText("$475");
  const availableOrPaid = line.getByRole("cell", { name: /^(Available|On its way|Paid out)$/ });
  await expect(availableOrPaid).toBeVisible();
  await expectAccessible(pat);
  // Queued when the sale became final: read the page again until the worker has sent it.
  await test.step("the payout job pays it out", () =>
    expect(async () => {
      await pat.reload();
      await expect(line.getByRole("cell", { name: "Paid out", exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] }));
  await expect(balance("Paid out")).toContainText("$475");
  await expect(balance("Available")).toContainText("$0");
  await expect(line.locator("time")).toBeVisible();
  await pat.context().close();
});

test("the post form says what the seller receives after ReLaptop's fee as the price is typed", async ({ page }) => {
  await logIn(page, DEMO.seller);
  await page.goto("/dashboard/post/add");
  await hydrated(page);
  await expect(page.getByText("Type a resale price to see what you receive (ReLaptop’s fee: 5%).")).toBeVisible();
  await page.getByLabel("Resale price ($)").fill("500");
  await expect(page.getByText("You receive $475")).toBeVisible();
  await expect(page.getByText("(ReLaptop’s fee: 5%)")).toBeVisible();
  await page.getByLabel("I ship this laptop").check();
  await page.getByLabel("Shipping price ($)").fill("20");
  await expect(page.getByText("You receive $494")).toBeVisible();
  await expect(page.getByText("of $520 with shipping")).toBeVisible();
  await page.getByLabel("Resale price ($)").fill("1,000");
  await expect(page.getByText("You receive $969")).toBeVisible();
});

test("an admin reads Finance: the 90 days' figures, the chart and its numbers, and the ledger balanced", async ({
  page,
}) => {
  await logIn(page, DEMO.admin);
  await openFromDashboardMenu(page, "Finance");
  await expect(page.getByRole("heading", { level: 1, name: "Finance" })).toBeVisible();
  await expect(page.getByText("Balanced", { exact: true })).toBeVisible();
  const totals = page.getByRole("list", { name: "Totals of the last 90 days" });
  for (const title of ["Sales", "Fees earned", "Refunds", "Payouts"]) {
    await expect(totals.getByRole("listitem").filter({ hasText: title })).toContainText("$");
  }
  await expect(page.getByRole("img", { name: /^Sales and fees per day from / })).toBeVisible();
  await expectAccessible(page);
  await page.getByText("The numbers per day").click();
  await expect(page.getByRole("table", { name: /per day/ }).getByRole("row")).toHaveCount(91);
  await expectAccessible(page);
});
