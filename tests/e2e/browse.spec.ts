import { expect, hydrated, test } from "./support/fixtures.ts";

test("a buyer searches, filters and sorts /allAdd, with the filters in the URL", async ({ page }) => {
  await page.goto("/allAdd");
  await expect(page.getByRole("heading", { name: "All laptops" })).toBeVisible();
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Words").fill("thinkpda"); // a typo
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=thinkpda/);
  // The address changes before React draws the new list; the heading comes with the list's own data.
  await expect(page.getByRole("heading", { level: 1, name: "Laptops matching “thinkpda”" })).toBeVisible();
  const titles = page.locator("article h3");
  await expect(titles.first()).toContainText("ThinkPad");
  for (const title of await titles.allTextContents()) expect(title).toContain("ThinkPad");

  await filters.getByLabel("Words").fill("");
  // Each brand has its count beside it ("Apple (5)").
  const apple = await filters
    .getByLabel("Brand")
    .locator("option", { hasText: /^Apple \(/ })
    .textContent();
  await filters.getByLabel("Brand").selectOption({ label: apple ?? "Apple" });
  await filters.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/sort=price_asc/);
  // The new list, not the ThinkPads still on screen while it loads.
  await expect(titles.filter({ hasNotText: /^Apple / })).toHaveCount(0);
  await expect(titles.nth(1)).toBeVisible();
  const prices = await page.locator("article span", { hasText: /^Resale price: \$/ }).allTextContents();
  const numbers = prices.map((p) => Number(p.replace(/^Resale price: |[$,]/g, "")));
  expect(numbers.length).toBeGreaterThan(1);
  expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
  for (const title of await titles.allTextContents()) expect(title).toMatch(/^Apple /);

  // The URL alone reproduces the search: share it, bookmark it.
  await page.goto(page.url());
  await expect(filters.getByLabel("Brand")).toHaveValue(/.+/);
  await expect(filters.getByLabel("Sort by")).toHaveValue("price_asc");

  await filters.getByLabel("Max price ($)").fill("1");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No laptops match your search.")).toBeVisible();
});

test("Best value lists the most performance per dollar first, laptops without a known processor last", async ({
  page,
}) => {
  await page.goto("/allAdd");
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Sort by").selectOption({ label: "Best value" });
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/sort=best_value/);
  await expect(filters.getByLabel("Sort by")).toHaveValue("best_value");
  // Only a recognised processor has a value: the first laptops all carry a processor tier.
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const card of (await cards.all()).slice(0, 3)) {
    await expect(card.getByTitle("Processor performance tier")).toBeVisible();
  }
});

test("searching from the filters keeps focus where the keyboard left it", async ({ page }) => {
  await page.goto("/allAdd");
  await hydrated(page);
  const filters = page.getByRole("form", { name: "Filters" });
  const words = filters.getByLabel("Words");
  await words.fill("thinkpad");
  await words.press("Enter");
  // The new search is on screen (its chips), the panel drawn again for it.
  const chips = page.getByRole("region", { name: "Filters in force" });
  await expect(chips.getByRole("link", { name: "Remove Brand Lenovo" })).toBeVisible();
  await expect(words).toBeFocused();

  await filters.getByLabel("Condition").selectOption("good");
  const apply = filters.getByRole("button", { name: "Apply filters" });
  await apply.focus();
  await page.keyboard.press("Enter");
  await expect(chips.getByRole("link", { name: /^Remove Condition/ })).toBeVisible();
  await expect(apply).toBeFocused();

  await filters.getByRole("link", { name: /^Under \$/ }).focus();
  await page.keyboard.press("Enter");
  await expect(chips.getByRole("link", { name: /^Remove Price/ })).toBeVisible();
  await expect(filters.getByRole("link", { name: /^Under \$/ })).toBeFocused();
});

test("/allAdd pages through the catalogue", async ({ page }) => {
  await page.goto("/allAdd");
  await expect(page.locator("article")).toHaveCount(24);
  const firstPage = await page.locator("article h3").allTextContents();
  const firstLinks = await page.locator("article h3 a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  await page.getByRole("link", { name: "Next page »" }).click();
  await expect(page).toHaveURL(/cursor=/);
  // The second page has rendered once it offers a way back (the URL can change a moment before).
  await expect(page.getByRole("link", { name: "‹ Previous page" })).toBeVisible();
  // It opens at its top, and so does focus: on the results' heading, not on the pager below them.
  await expect(page.getByRole("heading", { name: "Results" })).toBeFocused();
  const second = await page.locator("article h3").allTextContents();
  expect(second.length).toBeGreaterThan(0);
  // No laptop twice (by its link: two laptops may share a name, as another journey's ThinkPad T480 does the demo's).
  const links = await page.locator("article h3 a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(links.filter((l) => firstLinks.includes(l))).toEqual([]);
  await page.getByRole("link", { name: "‹ Previous page" }).click();
  await expect(page.locator("article h3").first()).toHaveText(firstPage[0] as string);
  expect(await page.locator("article h3").allTextContents()).toEqual(firstPage);
  // Back on the first page's results: no "First page" leading to the same ones.
  await expect(page.getByRole("link", { name: "« First page" })).toHaveCount(0);
  await page.getByRole("link", { name: "Next page »" }).click();
  await expect(page.locator("article h3").first()).toHaveText(second[0] as string);
  await page.getByRole("link", { name: "« First page" }).click();
  await expect(page.locator("article h3").first()).toHaveText(firstPage[0] as string);
  await expect(page.getByRole("link", { name: "‹ Previous page" })).toHaveCount(0);
  await expect(page.getByText(/^\d[\d,]* laptops$/)).toBeVisible();
});

test("/allAdd names the filters the URL got wrong and still lists laptops", async ({ page }) => {
  await page.goto("/allAdd?minPrice=abc&maxPrice=-5&q=ThinkPad");
  const filters = page.getByRole("form", { name: "Filters" });
  await expect(filters.getByLabel("Min price ($)")).toHaveAccessibleDescription(
    "Enter a price in dollars above 0, like 250.",
  );
  await expect(filters.getByLabel("Max price ($)")).toHaveAttribute("aria-invalid", "true");
  await expect(filters.getByLabel("Min price ($)")).toHaveValue("abc");
  await expect(page.locator("article h3").first()).toContainText("ThinkPad");
  // One search box on the page: the filter panel's.
  await expect(page.getByLabel("Search laptops")).toHaveCount(0);
});

test("a laptop's page shows its details and carries share and product metadata", async ({ page }) => {
  await page.goto("/allAdd?q=XPS");
  const title = (await page.locator("article h3").first().textContent()) as string;
  await page.locator("article h3 a").first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`${title} — \\$[\\d,.]+ — ReLaptop`));
  for (const label of ["Condition", "Used", "Location", "Seller"])
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^http:\/\/127\.0\.0\.1:\d+\/media\//,
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) as string);
  expect(ld).toMatchObject({
    "@type": "Product",
    name: title,
    offers: { "@type": "Offer", priceCurrency: "USD", availability: "https://schema.org/InStock" },
  });
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});
