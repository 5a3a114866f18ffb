import { DEMO, expect, hydrated, test } from "./support/fixtures.ts";

test("a visitor browses the home page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/ReLaptop/);
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["All Adds", "Be Seller", "Login", "Blogs"]) {
    await expect(nav.getByRole("link", { name, exact: true }).first()).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Browse laptops by category" })).toBeVisible();
  for (const brand of ["Acer", "Apple", "Asus", "Dell", "HP", "Lenovo"]) {
    await expect(page.locator("#categories").getByRole("link", { name: brand, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Latest laptops" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Have your next laptop delivered" })).toBeVisible();
  await expect(page.getByText("many ship to your door, and every order has 100% buyer protection")).toBeVisible();
  await expect(page.getByText("Meet sellers near you, or have your laptop delivered.")).toBeAttached();
  await expect(page.getByText(/Choose from over \d+ items/)).toBeVisible();

  await page.getByRole("link", { name: "Shop Now" }).click();
  await expect(page).toHaveURL(/#categories$/);

  const footer = page.locator("footer");
  for (const name of ["Branding", "Design", "Marketing", "Advertisement", "About us", "Contact", "Jobs", "Press kit"]) {
    await expect(footer.getByRole("link", { name })).toHaveAttribute("href", "/");
  }
  for (const [name, href] of [
    ["Terms of use", "/terms"],
    ["Privacy policy", "/privacy"],
    ["Cookie policy", "/cookies"],
  ] as const) {
    await expect(footer.getByRole("link", { name })).toHaveAttribute("href", href);
  }
});

test("the carousel shows three banners and follows the keyboard", async ({ page }) => {
  await page.goto("/");
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(3);
  await expect(carousel.getByRole("heading", { name: "Welcome to ReLaptop" })).toBeVisible();
  await hydrated(page);
  await carousel.getByRole("button", { name: "Next banner" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(carousel.getByRole("heading", { name: "Delivery and 100% buyer protection" })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(carousel.getByRole("heading", { name: "Find deals by location" })).toBeVisible();
});

test("a brand page needs login and returns there after it", async ({ page }) => {
  await page.goto("/");
  await page.locator("#categories").getByRole("link", { name: /Dell/ }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcategory%2F/);
  // The login page says why the visitor is there.
  await expect(page.getByRole("status").filter({ hasText: "Log in to see Dell laptops" })).toBeVisible();
  await page.getByLabel("Email").fill(DEMO.buyer);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Successfully login!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "All Dell Laptops" })).toBeVisible();
  await expect(page.locator("article")).not.toHaveCount(0);
});

test("the search strip lands on /allAdd with the query", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Search laptops").fill("ThinkPad");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/allAdd\?q=ThinkPad/);
  await expect(page.getByRole("heading", { level: 1, name: /ThinkPad/ })).toBeVisible();
  await expect(page.locator("article h3").first()).toContainText("ThinkPad");
});

test("blogs answers the four questions", async ({ page }) => {
  await page.goto("/blogs");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(4);
  await expect(page.getByRole("heading", { name: /manage state in a React/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /prototypal inheritance/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /unit test/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /React vs. Angular vs. Vue/ })).toBeVisible();
});

test("an unknown route answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Sorry we couldn't found this route" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown laptop says what is missing, with the top bar and footer still there", async ({ page }) => {
  const response = await page.goto(`/laptops/${crypto.randomUUID()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Sorry we couldn't found this route" })).toBeFocused();
  await expect(page.getByText("This laptop does not exist.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("an unknown brand id answers 404", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO.buyer);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Successfully login!")).toBeVisible();
  const response = await page.goto("/category/00000000-0000-0000-0000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Sorry we couldn't found this route")).toBeVisible();
});
