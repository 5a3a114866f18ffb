import type { Page } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { DEMO, expect, logIn, test } from "./support/fixtures.ts";

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const cards = (page: Page) => page.getByRole("main").locator("article");

/** Where a card ends on the page, in CSS pixels from the top of the document. */
const box = async (page: Page, i: number) => {
  const b = await cards(page).nth(i).boundingBox();
  if (!b) throw new Error(`card ${i} is not shown`);
  return { top: b.y, bottom: b.y + b.height, height: b.height };
};

test("at 1366×900 the first results show without scrolling, the filters in a sidebar beside them", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/allAdd");
  const filters = page.getByRole("form", { name: "Filters" });
  await expect(filters).toBeVisible();
  // The first row of laptops, title and price included, is on the first screen.
  expect((await box(page, 0)).bottom).toBeLessThanOrEqual(DESKTOP.height);
  const [panel, first] = [await filters.boundingBox(), await cards(page).first().boundingBox()];
  expect(first?.x).toBeGreaterThan((panel?.x ?? 0) + (panel?.width ?? 0));
  // A group of filters folds on its own.
  await filters.locator("summary", { hasText: "Specs" }).click();
  await expect(filters.getByLabel("RAM at least")).toBeHidden();
  await expect(filters.getByLabel("Min price ($)")).toBeVisible();
  await expectAccessible(page);

  // A brand page too, with one search box: its Words.
  await logIn(page, DEMO.buyer);
  await page.goto("/");
  await page.goto((await page.getByRole("link", { name: "Lenovo", exact: true }).getAttribute("href")) as string);
  await expect(page.getByRole("heading", { level: 1, name: "All Lenovo Laptops" })).toBeVisible();
  expect((await box(page, 0)).bottom).toBeLessThanOrEqual(DESKTOP.height);
  await expect(page.getByRole("searchbox")).toHaveCount(1);
  await expect(page.getByLabel("Words")).toBeVisible();
});

test("a card names what laptops are bought by: processor, RAM, storage, screen, condition, battery", async ({
  page,
}) => {
  await page.goto("/allAdd?q=XPS");
  const card = cards(page).first();
  const specs = card.locator("p", { hasText: "Specs:" });
  // Short processor names ("Core i7-…", not "Intel Core i7-…"), sizes with their units.
  await expect(specs).toHaveText(
    /(Core|Ryzen|M\d)[^·]* · \d+ GB RAM · \d+ (GB|TB)( \w+)? · [\d.]+″ · (Excellent|Good|Fair)/,
  );
  await expect(card.getByText("Resale price:")).toBeAttached();
  await expect(card.getByText("Original price:")).toBeAttached();
  // A trust mark nearly every seller has tells cards nothing apart: it stays on the laptop's page.
  await expect(page.getByRole("main").getByText("Email confirmed")).toHaveCount(0);
  await card.locator("h3 a").click();
  await expect(page.getByText("Email confirmed")).toBeVisible();
});

test("on a phone a screen holds three results, each a compact row", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/allAdd");
  await expect(page.getByRole("button", { name: /^Filters \(\d+\)$/ })).toBeVisible();
  for (const i of [0, 1, 2]) expect((await box(page, i)).height).toBeLessThanOrEqual(180);
  // Three cards, one under the other, take no more than a screen.
  expect((await box(page, 2)).bottom - (await box(page, 0)).top).toBeLessThanOrEqual(PHONE.height);
  await expectAccessible(page);
});

test("on a phone home shows brands two a row and laptops within the first two screens; Latest laptops has See all", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const brands = page.getByRole("region", { name: "Browse laptops by category" }).getByRole("listitem");
  const [a, b] = [await brands.nth(0).boundingBox(), await brands.nth(1).boundingBox()];
  expect(a?.y).toBe(b?.y);
  expect((await box(page, 0)).top).toBeLessThan(2 * PHONE.height);
  await page.getByRole("link", { name: "See all laptops" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All laptops" })).toBeVisible();
});

test("on a page kept for every buyer, the top bar does not move when the buyer's name arrives", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await logIn(page, DEMO.buyer);
  // The name comes with the buyer's own summary, read once the page has hydrated: held back here.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Matched by path: a glob is matched against the whole URL, and this one carries the hearts' ids as a query.
  await page.route(
    (url) => url.pathname === "/api/me/summary",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto("/allAdd");
  const account = page.getByRole("banner").locator("summary").last();
  await expect(account).toHaveText("Account");
  const before = await account.boundingBox();
  release();
  await expect(account).toHaveText("Bea Buyer");
  expect(await account.boundingBox()).toEqual(before);
});
