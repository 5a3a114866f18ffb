import type { Page } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { DEMO, expect, hydrated, logIn, signedInPage, test } from "./support/fixtures.ts";

/** Nothing on the page reaches past the phone's width. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("on a phone a menu opened while the page is still loading stays open once it has loaded", async ({ page }) => {
  // The page's scripts held back until the menu is open: its <details> opens without them.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  await page.getByLabel("Open menu").click();
  const blogs = page.getByRole("link", { name: "Blogs" }).first();
  await expect(blogs).toBeVisible();
  release();
  await hydrated(page);
  await expect(blogs).toBeVisible();
  await blogs.click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(blogs).toBeHidden();
});

test("on a phone the menu and the dashboard drawer work", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Post Add" })).toBeHidden();
  await page.getByLabel("Open menu").click();
  await page.getByRole("link", { name: "Blogs" }).first().click();
  await expect(page).toHaveURL(/\/blogs$/);

  await logIn(page, DEMO.admin);
  await page.goto("/dashboard");
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Dashboard menu" }).click();
  await menu.getByRole("link", { name: "All Brands" }).click();
  await expect(page.getByRole("heading", { name: "All Brands" })).toBeVisible();
});

test("on a phone a seller finds Post Add in the menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, DEMO.seller);
  await page.goto("/");
  await page.getByLabel("Open menu").click();
  await page.getByRole("link", { name: "Post Add" }).click();
  await expect(page.getByRole("heading", { name: "Add Advertisement" })).toBeVisible();
  await expect(page.getByLabel("Resale price ($)")).toBeVisible();
});

test("on a phone /allAdd's filters fold behind a Filters (n) button that opens and closes from the keyboard", async ({
  page,
}) => {
  await page.goto("/allAdd?condition=good");
  const toggle = page.getByRole("button", { name: "Filters (1)" });
  const filters = page.getByRole("form", { name: "Filters" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(filters).toBeHidden();
  await expect(page.locator("article").first()).toBeInViewport();
  await hydrated(page);
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(filters.getByLabel("Words")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(filters).toBeHidden();
  await expect(toggle).toBeFocused();
  // Filters read from the words count too, as their chips show them.
  await page.goto("/allAdd?q=thinkpad+16gb");
  await expect(page.getByRole("button", { name: "Filters (3)" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Remove/ })).toHaveCount(3);
  // A filter the URL got wrong opens the panel to say so.
  await page.goto("/allAdd?minRam=lots");
  await expect(page.getByText("Enter a whole number of GB from 1 to 256.")).toBeVisible();
});

test("on a phone Apply filters folds the panel away and takes focus to the results", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/allAdd");
  const filters = page.getByRole("form", { name: "Filters" });
  await page.getByRole("button", { name: "Filters (0)" }).click();
  await filters.getByLabel("Condition").selectOption("good");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/condition=good/);
  // The laptops are what was asked for: the panel is out of their way, its button saying what is in force.
  const toggle = page.getByRole("button", { name: "Filters (1)" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(filters).toBeHidden();
  await expect(page.getByRole("heading", { level: 2, name: "Results" })).toBeFocused();
  await expect(page.locator("article").first()).toBeInViewport();

  // A filter the search could not use keeps the panel open, its message under it.
  await toggle.click();
  await filters.getByLabel("Min price ($)").fill("cheap");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/minPrice=cheap/);
  await expect(filters.getByLabel("Min price ($)")).toHaveAttribute("aria-invalid", "true");
  await expect(filters).toBeVisible();
  // A price range is a search made in the panel too.
  await filters.getByRole("link", { name: /^Under \$/ }).click();
  await expect(page).not.toHaveURL(/cheap/);
  await expect(filters).toBeHidden();
  await expect(page.getByRole("heading", { level: 2, name: "Results" })).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("on a phone the filters show as a form, with no button that needs JavaScript", async ({ page }) => {
    await page.goto("/allAdd");
    const filters = page.getByRole("form", { name: "Filters" });
    await expect(filters).toBeVisible();
    await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
    await filters.getByLabel("Condition").selectOption("good");
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/condition=good/);
    await expect(page.getByRole("link", { name: /^Remove/ })).toHaveCount(1);
  });

  test("on a phone the dashboard's menu shows above the page, with no button that needs JavaScript", async ({
    page,
  }) => {
    // Signing in is a plain form post; what the toast would say shows at the top of the page, in <noscript>
    // (whose text Playwright's text matchers skip: read from the element itself).
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO.seller);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    const said = page.locator("main noscript p");
    await expect(said).toBeVisible();
    expect(await said.evaluate((p) => p.textContent)).toBe("Successfully login!");
    await page.goto("/dashboard/my/orders");
    await expect(page.getByRole("button", { name: "Dashboard menu" })).toBeHidden();
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await expect(menu).toHaveCount(1); // the drawer's copy stays closed, out of reach
    await menu.getByRole("link", { name: "Add A Product" }).click();
    await expect(page).toHaveURL(/\/dashboard\/post\/add$/);
    await expect(menu.getByRole("link", { name: "Add A Product" })).toHaveClass(/menu-active/);
    expect(await fitsTheScreen(page)).toBe(true);

    // An action that answers in place (no redirect) says so on that page, not on the next one.
    await page.goto("/profile");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Sam Seller");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(said).toBeVisible();
    expect(await said.evaluate((p) => p.textContent)).toBe("Your name is updated.");
    await page.goto("/dashboard/my/orders");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(said).toHaveCount(0);
  });
});

test("on a phone a laptop's page and its seller's page fit the screen, marks and stars wrapped", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 }); // an iPhone's width, narrower than the Pixel's
  await page.goto("/allAdd");
  // One of Sam's: on his laptop's page a rating, ✓ Verified and Email confirmed beside his name make the longest line.
  await page.locator("article").filter({ hasText: "Seller: Sam Seller" }).first().locator("h3 a").click();
  await expect(page.getByRole("link", { name: "Sam Seller" })).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await page.getByRole("link", { name: "Sam Seller" }).click();
  // His average is not a whole number of stars: they say it as it is.
  await expect(page.getByRole("img", { name: /^\d\.\d of 5 stars$/ }).first()).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
});

test("on a phone orders are compact rows, several to a screen", async ({ page }) => {
  await logIn(page, DEMO.buyer);
  await page.goto("/dashboard/my/orders");
  const thumbnail = page.getByRole("main").getByRole("listitem").first().locator("img");
  expect((await thumbnail.boundingBox())?.height).toBeLessThan(100);
  expect(await fitsTheScreen(page)).toBe(true);
});

test("on a phone All Sellers and All User are cards with status and actions on screen", async ({ page }) => {
  await logIn(page, DEMO.admin);
  for (const path of ["/dashboard/all/seller", "/dashboard/all/buyers"]) {
    await page.goto(path);
    const first = page.locator("tbody tr").first();
    await expect(first.getByText(/^(Verified|Not verified|Active)$/)).toBeInViewport();
    await expect(first.getByRole("button", { name: /^Delete/ })).toBeInViewport();
    expect(await fitsTheScreen(page)).toBe(true);
  }
});

test("on a phone Email delivery is cards: address on one line, status on screen", async ({ page }) => {
  await logIn(page, DEMO.admin);
  await page.goto("/dashboard/email-delivery");
  const first = page.locator("tbody tr").first();
  await expect(first.getByText(/^(sent|not sent \(no SMTP_URL\)|pending|sending|failed)$/)).toBeInViewport();
  // The address reads as one line, not a letter a line.
  const to = first.locator('td[data-label="To"]');
  expect((await to.boundingBox())?.height).toBeLessThan(48);
  expect(await fitsTheScreen(page)).toBe(true);
});

test("on a phone Stolen serials is cards, Take off the list on screen", async ({ page }) => {
  await logIn(page, DEMO.admin);
  await page.goto("/dashboard/stolen-serials");
  const first = page.locator("tbody tr").first();
  // Below the form: scrolled to, downwards only.
  await first.scrollIntoViewIfNeeded();
  await expect(first.locator('td[data-label="By"]')).toBeInViewport();
  await expect(first.getByRole("button", { name: /^Take off the list/ })).toBeInViewport();
  expect(await fitsTheScreen(page)).toBe(true);
});

test("on a phone the account menu, an icon in the top bar, says whose account it is", async ({ page }) => {
  await logIn(page, DEMO.buyer);
  // A kept list page (decision 10): the name arrives after the page has loaded.
  await page.goto("/allAdd");
  await hydrated(page);
  const menu = page
    .getByRole("banner")
    .locator("details")
    .filter({ has: page.locator("summary[aria-label^='Account menu']") });
  await expect(menu.locator("summary")).toHaveAttribute("aria-label", "Account menu for Bea Buyer");
  await menu.locator("summary").click();
  await expect(menu.locator("ul").getByText("Bea Buyer", { exact: true })).toBeVisible();
});

test("on a phone a laptop's page opens with its photos, then its name and price, Book Now in a bar at the bottom", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/allAdd?q=macbook+air+m2");
  await page.locator("article h3 a").getByText("Apple MacBook Air M2", { exact: true }).first().click();
  const title = page.getByRole("heading", { level: 1, name: "Apple MacBook Air M2" });
  await expect(title).toBeVisible();
  const laptopPage = page.url();

  // Photos first, then the name; Book Now and Message seller on the first screen, with the price beside them.
  const gallery = page.getByRole("region", { name: "Photos of Apple MacBook Air M2" });
  expect((await gallery.boundingBox())?.y).toBeLessThan((await title.boundingBox())?.y ?? 0);
  const bar = page.locator("[data-buy-bar]");
  const bookNow = bar.getByRole("link", { name: "Book Now" });
  for (const control of [bookNow, bar.getByRole("link", { name: "Message seller" })]) {
    const box = await control.boundingBox();
    expect(box?.y).toBeGreaterThan(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
  }
  await expect(bar).toContainText(/\$[\d,]+/);
  // At the end of the page the bar covers nothing: the footer's last line is above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerEnd = await page.locator("footer").evaluate((f) => f.getBoundingClientRect().bottom);
  expect(footerEnd).toBeLessThanOrEqual((await bar.boundingBox())?.y ?? 0);
  await expectAccessible(page);
  // A visitor's Book Now is the page's own: it asks them to log in, then brings them back.
  await bookNow.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);

  // A buyer's opens the booking form.
  const buyer = await signedInPage(browser, DEMO.buyer);
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.goto(laptopPage);
  await hydrated(buyer);
  await buyer.locator("[data-buy-bar]").getByRole("button", { name: "Book Now" }).click();
  await expect(buyer.getByRole("dialog", { name: "Book Apple MacBook Air M2" })).toBeVisible();
  await buyer.context().close();

  // Its seller has neither button, and no bar.
  const seller = await signedInPage(browser, DEMO.seller);
  await seller.setViewportSize({ width: 390, height: 844 });
  await seller.goto(laptopPage);
  await expect(seller.getByRole("heading", { level: 1, name: "Apple MacBook Air M2" })).toBeVisible();
  await expect(seller.locator("[data-buy-bar]")).toHaveCount(0);
  await expect(seller.getByRole("link", { name: "Message seller" })).toHaveCount(0);
  await seller.context().close();
});
