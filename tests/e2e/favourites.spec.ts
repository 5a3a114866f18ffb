import type { Browser, Page } from "@playwright/test";
import { fillSignUp, signUpBuyer } from "./support/accounts.ts";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, signedInPage, test, uniqueEmail, userMenu } from "./support/fixtures.ts";
import { OIDC_PORT } from "./support/oidc.ts";
import { bookFromItsPage, payFromMyOrders } from "./support/orders.ts";

/** A new buyer account, signed up in a browser of its own, then closed; returns its email (password Abcdef1!). */
async function accountElsewhere(browser: Browser, name: string) {
  const context = await browser.newContext();
  const email = await signUpBuyer(await context.newPage(), name);
  await context.close();
  return email;
}

/** The card of a demo laptop on /allAdd, found by its name. */
const card = (page: Page, name: string) => page.locator("article", { has: page.getByRole("link", { name }) });
/** A visitor presses the heart of a laptop that `query` finds on /allAdd: it leads to the login page. */
async function pressHeartSignedOut(page: Page, query: string, name: string) {
  await page.goto(`/allAdd?q=${query}`);
  await card(page, name).getByRole("button", { name: "Save to favourites" }).click();
  await expect(page).toHaveURL(/\/login\?/);
}
/** The laptop's heart on /allAdd is pressed: it is among the buyer's favourites. */
const expectSaved = (page: Page, name: string) =>
  expect(card(page, name).getByRole("button", { name: "Remove from favourites" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

test("a visitor presses the heart, logs in, and comes back with the laptop saved", async ({ page, browser }) => {
  const email = await accountElsewhere(browser, "Vera Visitor");
  await page.goto("/allAdd?q=Nitro");
  const laptop = card(page, "Acer Nitro 5");
  const heart = laptop.getByRole("button", { name: "Save to favourites" });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();

  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText("Log in to save this laptop to your favourites.")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Abcdef1!");
  await page.getByRole("button", { name: "Login", exact: true }).click();

  await expect(page).toHaveURL(/\/allAdd\?q=Nitro$/);
  await expectSaved(page, "Acer Nitro 5");
});

test("a visitor presses the heart and creates an account instead: the laptop is saved", async ({ page }) => {
  await pressHeartSignedOut(page, "Envy", "HP Envy 13");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByText("Create your account and this laptop is saved to your favourites.")).toBeVisible();
  await fillSignUp(page, "Sue Signup", { email: uniqueEmail("fav-signup") });

  await expect(page).toHaveURL(/\/allAdd\?q=Envy$/);
  await expectSaved(page, "HP Envy 13");
});

test("a visitor presses the heart and continues with Google: the laptop is saved", async ({ page }) => {
  // A laptop of Rafi's, for sale whatever the demo's sales are (the demo ships Sam's Vostro to Bea).
  await pressHeartSignedOut(page, "Envy", "HP Envy 13");
  await page.getByRole("button", { name: "Continue with Google" }).click();

  await expect(page).toHaveURL(/\/allAdd\?q=Envy$/);
  await expectSaved(page, "HP Envy 13");
});

test("a visitor who cancels at Google comes back to a login page that says so, the heart still waiting", async ({
  page,
}) => {
  // The stand-in for Google answers as Google does when the person cancels (tests/e2e/support/oidc-server.ts).
  await page.context().addCookies([{ name: "oidc_refuse", value: "1", url: `http://127.0.0.1:${OIDC_PORT}` }]);
  await page.goto("/allAdd?q=Pavilion");
  await card(page, "HP Pavilion 15").getByRole("button", { name: "Save to favourites" }).click();
  await page.getByRole("button", { name: "Continue with Google" }).click();

  await expect(page).toHaveURL(/\/login\?.*error=access_denied/);
  await expect(page.getByRole("alert").filter({ hasText: "Google sign-in did not finish." })).toBeVisible();
  await expect(page.getByText("Log in to save this laptop to your favourites.")).toBeVisible();
});

test("a buyer saves a laptop, finds it in Favourites, and removes it there", async ({ page }) => {
  await signUpBuyer(page, "Fay Favourite");
  await page.goto("/allAdd?q=Zephyrus");
  const laptop = card(page, "Asus ROG Zephyrus G14");
  await laptop.getByRole("button", { name: "Save to favourites" }).click();
  // In place, without leaving the page.
  await expect(laptop.getByRole("button", { name: "Remove from favourites" })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/allAdd\?q=Zephyrus$/);

  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Favourites" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Favourites" })).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: "Asus ROG Zephyrus G14" });
  await expect(row.getByText("Available", { exact: true })).toBeVisible();

  await expectAccessible(page);

  await row.getByRole("button", { name: "Remove from favourites" }).click();
  await expect(page.getByText("Nothing saved yet.")).toBeVisible();
});

test("a buyer with Favourites open sees a price drop made in another browser without a reload", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a sign-up and an advert posted
  // Rafi posts a laptop of his own (through the API: posting has its own journey), so no other test's price moves.
  const seller = await signedInPage(browser, "rafi@relaptop.test");
  const name = `Cheaper notebook ${Date.now().toString(36)}`;
  await postLaptopThroughApi(seller, { name, brand: "Lenovo", description: "Its price is about to drop." });

  await signUpBuyer(page, "Lena Live");
  await page.goto(`/allAdd?q=${encodeURIComponent(name)}`);
  // The heart fills at once (optimistic); the page load below would cancel a save still on its way.
  const savedOnServer = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith("/favourites") && r.request().method() === "POST",
  );
  await card(page, name).getByRole("button", { name: "Save to favourites" }).click();
  await expectSaved(page, name);
  expect((await savedOnServer).ok()).toBe(true);
  await page.goto("/dashboard/favourites");
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row.getByText("Resale price: $500", { exact: true })).toBeVisible();
  await expect(row.getByText(/since you saved it/)).toHaveCount(0);
  // Whatever the buyer was on stays where it was; a reload would lose this mark.
  const heart = row.getByRole("button", { name: "Remove from favourites" });
  await heart.focus();
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  await seller.goto("/dashboard/adds/rafi@relaptop.test");
  await seller.getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "Edit" }).click();
  await expect(seller.getByRole("heading", { name: "Edit Advertisement" })).toBeVisible();
  await seller.getByLabel("Resale price ($)").fill("460");
  await seller.getByRole("button", { name: "Save changes" }).click();
  await expect(seller.getByText("Your advert is updated.")).toBeVisible();

  // No reload: the price drop's notice reaches the buyer's stream, and the page reads itself again.
  await expect(row.getByText("Resale price: $460", { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(row.getByText("↓ $40 since you saved it")).toBeVisible();
  await expect(row.getByText("Saved at $500")).toBeVisible();
  await expect(heart).toBeFocused();
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The buyer reads that notice and comes back to Favourites, all in the page (the unread count falls to 0):
  // the next drop is news again.
  await page.getByRole("link", { name: "Notifications, 1 unread" }).click();
  // On the Notifications page: until it shows, the Favourites row's own link to the laptop matches too.
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await page.getByRole("button", { name: `Price drop: ${name}` }).click();
  const bell = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Notifications", exact: true });
  await bell.click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Favourites" }).click();
  await expect(row.getByText("Resale price: $460", { exact: true })).toBeVisible();
  await seller.goto("/dashboard/adds/rafi@relaptop.test");
  await seller.getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "Edit" }).click();
  await seller.getByLabel("Resale price ($)").fill("420");
  await seller.getByRole("button", { name: "Save changes" }).click();
  await expect(seller.getByText("Your advert is updated.")).toBeVisible();
  await seller.context().close();
  await expect(row.getByText("Resale price: $420", { exact: true })).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test("a buyer with Favourites open is told, without a reload, that a saved laptop was sold to someone in another browser", async ({
  page,
  browser,
}) => {
  test.slow(); // three accounts, two browsers, an advert posted, a booking paid
  const seller = await signedInPage(browser, "rafi@relaptop.test");
  const name = `Wanted notebook ${Date.now().toString(36)}`;
  await postLaptopThroughApi(seller, { name, brand: "Dell", description: "Two people want it." });
  await seller.context().close();

  await signUpBuyer(page, "Sol Saver");
  await page.goto(`/allAdd?q=${encodeURIComponent(name)}`);
  const savedOnServer = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith("/favourites") && r.request().method() === "POST",
  );
  await card(page, name).getByRole("button", { name: "Save to favourites" }).click();
  expect((await savedOnServer).ok()).toBe(true);
  await page.goto("/dashboard/favourites");
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row.getByText("Available", { exact: true })).toBeVisible();

  // Someone else books it and pays for it.
  const other = await (await browser.newContext()).newPage();
  await signUpBuyer(other, "Bo Buyer");
  await bookFromItsPage(other, name, "Dhanmondi 27");
  await payFromMyOrders(other, name);
  await other.context().close();

  // No reload: the saver's row says Sold, and the bell has the notice, which leads to the laptop.
  await expect(row.getByText("Sold", { exact: true })).toBeVisible({ timeout: 10_000 });
  await page.getByRole("link", { name: "Notifications, 1 unread" }).click();
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  const notice = page.getByRole("button", { name: new RegExp(`Sold: ${name}`) });
  await expect(notice).toBeVisible();
  await expectAccessible(page);
  await notice.click();
  await expect(page).toHaveURL(/\/laptops\//);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  // The sold laptop's page leads to others like it: its brand, with at least its memory and storage.
  await page.getByRole("link", { name: "Laptops like this one for sale" }).click();
  await expect(page).toHaveURL(/\/allAdd\?brand=/);
  await expect(page.getByRole("link", { name: "Remove Brand Dell" })).toBeVisible();
});

test("signed in, /allAdd is the page kept for every buyer: their name and hearts fill in once it loads", async ({
  page,
}) => {
  await signUpBuyer(page, "Kept Page Buyer");
  // A hydrated signed-in page sets the time-zone cookie: from then on list pages may be the ones kept.
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "relaptop_tz")).toBe(true);
  const url = "/allAdd?sort=price_asc&minRam=4";
  const served = await page.goto(url);
  expect(await served?.text()).not.toContain("Kept Page Buyer");
  await expect(userMenu(page, "Kept Page Buyer")).toBeVisible();
  // Found again by its address: journeys running meanwhile change prices, and so which laptop comes first — and the
  // demo has laptops of the same name, which a journey may add or sell meanwhile.
  const href = (await page.locator("article h3 a").first().getAttribute("href")) ?? "";
  const saved = () => page.locator("article").filter({ has: page.locator(`h3 a[href="${href}"]`) });
  await saved().getByRole("button", { name: "Save to favourites" }).click();
  await expect(saved().getByRole("button", { name: "Remove from favourites" })).toBeVisible();

  const again = await page.goto(url);
  const html = (await again?.text()) ?? "";
  expect(html).not.toContain("Kept Page Buyer");
  expect(html).not.toContain("aria-pressed");
  await expect(saved().getByRole("button", { name: "Remove from favourites" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save to favourites" }).first()).toBeVisible();
  await expectAccessible(page);
});

test("signed in, a laptop's page is the one kept for every buyer: the booker's Booked fills in once it loads", async ({
  page,
  browser,
}) => {
  const name = `Kept laptop ${Date.now().toString(36)}`;
  const seller = await signedInPage(browser, "rafi@relaptop.test");
  const id = await postLaptopThroughApi(seller, { name, brand: "Asus", description: "Booked on a kept page." });
  await seller.context().close();

  await signUpBuyer(page, "Kept Laptop Buyer");
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "relaptop_tz")).toBe(true);
  await bookFromItsPage(page, name, "Mirpur 10");
  const served = await page.goto(`/laptops/${id}`);
  const html = (await served?.text()) ?? "";
  expect(html).not.toContain("Kept Laptop Buyer");
  expect(html).not.toContain(">Booked<");
  const booked = page.getByRole("main").getByText("Booked", { exact: true });
  await expect(booked).toBeVisible();
  await expect(page.getByRole("button", { name: "Book Now" })).toHaveCount(0);
  await expect(userMenu(page, "Kept Laptop Buyer")).toBeVisible();
  // Learnt as the page loaded, not done here: focus stays where the page put it.
  await expect(booked).not.toBeFocused();
  await expectAccessible(page);
});
