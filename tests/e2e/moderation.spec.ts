import type { Browser } from "@playwright/test";
import { registerSeller } from "./support/accounts.ts";
import { postLaptopThroughApi, postLaptopThroughForm } from "./support/adverts.ts";
import { DEMO, expect, logIn, openFromDashboardMenu, signedInPage, test } from "./support/fixtures.ts";

/** The demo buyer, in a browser of their own, on this laptop's page (found by its name). */
async function buyerOnLaptop(browser: Browser, name: string) {
  const buyer = await signedInPage(browser, DEMO.buyer);
  await buyer.goto(`/allAdd?q=${encodeURIComponent(name)}`);
  await buyer.locator("article h3 a").first().click();
  await expect(buyer.getByRole("heading", { level: 1, name })).toBeVisible();
  return buyer;
}

test("a buyer reports an advert, the admin removes it, and its seller sees why", async ({ page, browser }) => {
  // A seller with an advert of their own, so removing it touches no other test.
  const sellerEmail = await registerSeller(page, "Rex Reported");
  const name = `Suspicious ${Date.now().toString(36)}`;
  await postLaptopThroughForm(page, {
    name,
    brand: "Asus",
    resalePrice: "100",
    yearsOfUse: "1",
    condition: "excellent",
    description: "Unbelievable price, pay in advance.",
  });

  const buyer = await buyerOnLaptop(browser, name);
  await buyer.getByRole("link", { name: "Rex Reported" }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Rex Reported" })).toBeVisible();
  await expect(buyer.getByText(/Member since/)).toBeVisible();
  await buyer.goBack();
  await buyer.getByRole("button", { name: "Report" }).click();
  const dialog = buyer.getByRole("dialog", { name: `Report ${name}` });
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByText("Choose a reason")).toBeVisible();
  // Focus goes to the first reason, which names the message.
  const first = dialog.getByRole("radio").first();
  await expect(first).toBeFocused();
  await expect(first).toHaveAccessibleDescription("Choose a reason");
  await dialog.getByLabel("Scam or fraud").check();
  await dialog.getByLabel("Details (optional)").fill("Wants money before meeting");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(buyer.getByText("Thank you: an admin will look at this laptop.")).toBeVisible();

  const admin = await signedInPage(browser, DEMO.admin);
  await openFromDashboardMenu(admin, "Reported Items");
  await expect(admin.getByRole("heading", { name: "Reported Items" })).toBeVisible();
  const item = admin.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Scam or fraud: Wants money before meeting");
  await item.getByRole("button", { name: "Remove advert" }).click();
  const removal = admin.getByRole("dialog", { name: `Remove ${name}` });
  await removal.getByLabel("Reason shown to the seller").fill("Reported as a scam");
  await removal.getByRole("button", { name: "Remove advert" }).click();
  await expect(admin.getByText("The advert is removed; its seller sees why.")).toBeVisible();
  await expect(item).toHaveCount(0);

  await page.goto(`/dashboard/adds/${sellerEmail}`);
  await expect(
    page.getByRole("listitem").filter({ hasText: name }).getByText("Removed by an admin: Reported as a scam"),
  ).toBeVisible();
  await buyer.goto(`/allAdd?q=${encodeURIComponent(name)}`);
  await expect(buyer.getByText("No laptops match your search.")).toBeVisible();
});

test("an admin with Reported Items open sees a report made in another browser without a reload", async ({
  page,
  browser,
}) => {
  test.slow(); // three browsers
  // Rafi posts a laptop of his own (through the API: posting has its own journey), so no other test's reports move.
  const seller = await signedInPage(browser, "rafi@relaptop.test");
  const name = `Dubious notebook ${Date.now().toString(36)}`;
  await postLaptopThroughApi(seller, { name, brand: "Asus", description: "About to be reported." });
  await seller.context().close();

  await logIn(page, DEMO.admin);
  await page.goto("/dashboard/reported-items");
  await expect(page.getByRole("heading", { name: "Reported Items" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toHaveCount(0);
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  const buyer = await buyerOnLaptop(browser, name);
  await buyer.getByRole("button", { name: "Report" }).click();
  const dialog = buyer.getByRole("dialog", { name: `Report ${name}` });
  await dialog.getByLabel("Prohibited item").check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(buyer.getByText("Thank you: an admin will look at this laptop.")).toBeVisible();
  await buyer.context().close();

  // No reload: the admins' streams hear that the queue changed, and the page reads itself again.
  await expect(item).toContainText("Prohibited item", { timeout: 10_000 });
  await expect(item.getByText("1 report", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
