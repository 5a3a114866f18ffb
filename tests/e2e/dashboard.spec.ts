import type { Page } from "@playwright/test";
import { signUpBuyer } from "./support/accounts.ts";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { BUYER_MENU, DEMO, dashboardMenu, expect, logIn, signedInPage, test } from "./support/fixtures.ts";
import { bookFromItsPage } from "./support/orders.ts";

/** The side menu of an admin (the admin pages, no My Orders), and of a seller. */
const ADMIN_MENU = [
  "Add Brand",
  "All Brands",
  "All Sellers",
  "All Buyers",
  // Each with how many wait (the demo's, and any another journey made meanwhile): checked by name below.
  /^Reported Items/,
  "Stolen serials",
  /^Proof photos/,
  /^Disputes/,
  "Finance",
  /^Email delivery/,
  "Admin activity",
  "Notifications",
  "Saved searches",
  "Messages",
];
const SELLER_MENU = [
  "My Orders",
  "Favourites",
  "My Products",
  "My Sales",
  "Payouts",
  "Add A Product",
  "Notifications",
  "Saved searches",
  "Messages",
];

/** Signs in as `email` and opens the dashboard: its side menu. */
async function menuOf(page: Page, email: string) {
  await logIn(page, email);
  await page.goto("/dashboard");
  return dashboardMenu(page);
}

/** Follows the side menu's link `name` to the page of that heading. */
async function follow(page: Page, name: string) {
  await dashboardMenu(page).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
}

test("the dashboard sends a signed-out visitor to login and back", async ({ page }) => {
  await page.goto("/dashboard/my/orders");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fmy%2Forders$/);
  await page.getByLabel("Email").fill(DEMO.buyer);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
});

test("a buyer's side menu has My Orders, Favourites, Notifications, Saved searches and Messages", async ({ page }) => {
  const menu = await menuOf(page, DEMO.buyer);
  await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();
  await expect(menu.getByRole("link")).toHaveText(BUYER_MENU);
});

test("an admin's side menu lists the admin pages and no My Orders", async ({ page }) => {
  const menu = await menuOf(page, DEMO.admin);
  await expect(menu.getByRole("link")).toHaveText(ADMIN_MENU);
  await follow(page, "All Brands");
  await expect(page.getByRole("row", { name: /Lenovo/ })).toBeVisible();
});

test("an admin's menu says how many wait behind Reported Items and Disputes, by name", async ({ page }) => {
  const menu = await menuOf(page, DEMO.admin);
  // The demo's three adverts on the review queue, Sam's report of one of them, Lina's dispute.
  await expect(
    menu.getByRole("link", { name: /^Reported Items\s+Held adverts, \d+ waiting\s+Reports, \d+ waiting$/ }),
  ).toBeVisible();
  await expect(menu.getByRole("link", { name: /^Disputes\s+\d+ open$/ })).toBeVisible();
  // The dashboard's home says the same, each a link to where it is done.
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /^Held adverts \d+$/ })).toHaveAttribute(
    "href",
    "/dashboard/reported-items",
  );
  await expect(main.getByRole("link", { name: /^Failed emails \d+$/ })).toHaveAttribute(
    "href",
    "/dashboard/email-delivery?status=failed",
  );
});

test("a buyer's dashboard home counts the orders to pay, and leads to them", async ({ page, browser }) => {
  const name = `Counted notebook ${Date.now().toString(36)}`;
  const seller = await signedInPage(browser, "rafi@relaptop.test");
  await postLaptopThroughApi(seller, { name, brand: "Asus", description: "Booked to be counted." });
  await seller.context().close();

  await signUpBuyer(page, "Cora Counted");
  await page.goto("/dashboard");
  const toPay = page.getByRole("main").getByRole("link", { name: /^Orders to pay \d+$/ });
  await expect(toPay).toHaveAccessibleName("Orders to pay 0");
  await expect(page.getByText("Nothing waits on you.", { exact: false })).toBeVisible();

  await bookFromItsPage(page, name, "Uttara sector 7");
  await page.goto("/dashboard");
  await expect(toPay).toHaveAccessibleName("Orders to pay 1");
  await toPay.click();
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "Pay" })).toBeVisible();
});

test("a seller's side menu and own products", async ({ page }) => {
  const menu = await menuOf(page, DEMO.seller);
  await expect(menu.getByRole("link")).toHaveText(SELLER_MENU);
  await follow(page, "My Products");
  // The demo's sales of Sam's: Bea's three, three that buyers received and reviewed, and Lina's, disputed (and
  // any other journey's sale of his in this run).
  await expect(page.getByText("Sold", { exact: true }).nth(6)).toBeVisible();
  await expect(page.getByText("Available", { exact: true }).first()).toBeVisible();
});

for (const [who, email, path] of [
  ["a buyer", DEMO.buyer, "/dashboard/all/brands"],
  ["a seller", DEMO.seller, "/dashboard/all/brands"],
  ["a buyer", DEMO.buyer, `/dashboard/adds/${DEMO.buyer}`],
  ["a seller looking at another seller", DEMO.seller, "/dashboard/adds/rafi@relaptop.test"],
  // My Products is seller-only (spec §2): an admin reads a seller's adverts through the API, acts from Reported Items.
  ["an admin", DEMO.admin, `/dashboard/adds/${DEMO.seller}`],
] as const) {
  test(`${who} is turned away from ${path}`, async ({ page }) => {
    await logIn(page, email);
    await page.goto(path);
    await expect(page.getByText("This route is forbidden for you!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
}

test("a missing order is said inside the dashboard, with the side menu still there", async ({ page }) => {
  await logIn(page, DEMO.buyer);
  const response = await page.goto(`/dashboard/payment/${crypto.randomUUID()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Sorry we couldn't found this route" })).toBeFocused();
  await expect(page.getByText("This order does not exist.")).toBeVisible();
  await expect(dashboardMenu(page).getByRole("link")).toHaveText(BUYER_MENU);
  // The menu still works from the error.
  await follow(page, "My Orders");
});
