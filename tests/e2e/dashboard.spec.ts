import type { Page } from "@playwright/test";
import { BUYER_MENU, DEMO, dashboardMenu, expect, logIn, test } from "./support/fixtures.ts";

/** The side menu of an admin (the admin pages, no My Orders), and of a seller. */
const ADMIN_MENU = [
  "Add Brand",
  "All Brands",
  "All Sellers",
  "All Buyers",
  "Reported Items",
  // With how many wait for a decision (the demo's one, and any another journey opened meanwhile).
  /^Disputes\s*\d+ open$/,
  "Finance",
  "Email delivery",
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
