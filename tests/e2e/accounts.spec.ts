import type { Page } from "@playwright/test";
import { DEMO, expect, fieldError, hydrated, logIn, test, uniqueEmail, userMenu } from "./support/fixtures.ts";

/** The page's hidden status line: what a screen reader last heard without focus moving. */
const announcer = (page: Page) => page.locator("#announcer");

test("sign-up shows every validation message, then creates a buyer", async ({ page }) => {
  await page.goto("/signUp");
  // A click while the page hydrates can be swallowed (seen in CI as the first test on a cold server).
  await hydrated(page);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(fieldError(page, "Name is required")).toBeVisible();
  await expect(fieldError(page, "Email is required")).toBeVisible();
  await expect(fieldError(page, "Password field is required")).toBeVisible();
  await expect(announcer(page)).toHaveText("3 fields need your attention.");

  await page.getByLabel("Name").fill("Nina New");
  await page.getByLabel("Email").fill(uniqueEmail("nina"));
  await page.getByLabel("Password").fill("Ab1!");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(fieldError(page, "Password must be 6 character or longer!")).toBeVisible();
  await expect(fieldError(page, "Name is required")).toHaveCount(0);

  await page.getByLabel("Password").fill("abcdefgh");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(fieldError(page, "Password must be strong!")).toBeVisible();

  await page.getByLabel("Password").fill("Abcdef1!");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenu(page, "Nina New")).toBeVisible();
  // The refusals are over: their count is no longer in the page for a screen reader to come across.
  await expect(announcer(page)).not.toHaveText(/attention/);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).first(),
  ).toBeVisible();
});

test("after a refused submit, a message goes as its field is corrected and comes on leaving a wrong one", async ({
  page,
}) => {
  await page.goto("/signUp");
  await hydrated(page);
  await page.getByLabel("Name").fill("Ti"); // typed before any submit: nothing said yet
  await page.getByLabel("Email").fill("not-an-address");
  await page.getByLabel("Email").blur();
  await expect(page.locator("p.text-error")).toHaveCount(0);

  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(fieldError(page, "Password field is required")).toBeVisible();
  const invalidEmail = page.locator("p.text-error").filter({ hasNotText: "Password" });
  await expect(invalidEmail).toHaveCount(1);
  // Typing a valid address clears its message at once, focus staying where it is.
  await page.getByLabel("Email").fill("ti@example.com");
  await expect(invalidEmail).toHaveCount(0);
  await expect(page.getByLabel("Email")).toBeFocused();
  await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
  // A field left wrong says so when focus leaves it, not while it is being typed in.
  await page.getByLabel("Name").fill("");
  await expect(fieldError(page, "Name is required")).toHaveCount(0);
  await page.getByLabel("Name").blur();
  await expect(fieldError(page, "Name is required")).toBeVisible();
  await page.getByLabel("Name").fill("Tia");
  await expect(fieldError(page, "Name is required")).toHaveCount(0);
  await expect(fieldError(page, "Password field is required")).toBeVisible();
});

test("the server enforces the same rules when the browser's checks are bypassed", async ({ page }) => {
  await page.goto("/signUp");
  // Submit without the browser-side validation, as a script or an old browser would.
  await page.evaluate(() => {
    const form = document.querySelector("main form[method=post]") as HTMLFormElement;
    (form.querySelector("[name=name]") as HTMLInputElement).value = "Weak";
    (form.querySelector("[name=email]") as HTMLInputElement).value = "weak@e2e.test";
    (form.querySelector("[name=password]") as HTMLInputElement).value = "weakpass";
    HTMLFormElement.prototype.submit.call(form);
  });
  await expect(fieldError(page, "Password must be strong!")).toBeVisible();
});

test("sign-up with a used email says so", async ({ page }) => {
  await page.goto("/signUp");
  await page.getByLabel("Name").fill("Copy Cat");
  await page.getByLabel("Email").fill(DEMO.buyer);
  await page.getByLabel("Password").fill("Abcdef1!");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /already exists/i })).toBeVisible();
});

test("seller sign-up creates a seller", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Be Seller" }).first().click();
  await expect(page.getByRole("heading", { name: "Make You Seller!" })).toBeVisible();
  await page.getByRole("button", { name: "Register as Seller" }).click();
  await expect(fieldError(page, "Name is required")).toBeVisible();
  await page.getByLabel("Name").fill("Sid Seller");
  await page.getByLabel("Email").fill(uniqueEmail("sid"));
  await page.getByLabel("Password").fill("Abcdef1!");
  await page.getByRole("button", { name: "Register as Seller" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu.getByRole("link", { name: "My Products" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Add A Product" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "My Orders" })).toBeVisible();
});

test("login shows its messages and the provider's error, then logs in and out with toasts", async ({ page }) => {
  await page.goto("/login");
  // The browser's checks (without JavaScript the server answers with the same messages): a click while the
  // page hydrates can be swallowed (seen once in CI on a slow machine).
  await hydrated(page);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(fieldError(page, "Email Address is required")).toBeVisible();
  await expect(fieldError(page, "Password field is required")).toBeVisible();

  await page.getByLabel("Email").fill(DEMO.buyer);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();

  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Successfully login!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Toasts come in below the top bar, not over its links. Their area's top is measured: a toast slides in
  // and out (2 s), so its own box moves.
  const bar = await page.getByRole("navigation", { name: "Main" }).boundingBox();
  const toasts = await page.locator("[data-rht-toaster]").boundingBox();
  expect(toasts?.y).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? Number.POSITIVE_INFINITY));

  await userMenu(page, "Bea Buyer").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Successfully Signed Out!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).first(),
  ).toBeVisible();
});

test("Continue with Google works as a plain form, before the page's scripts run", async ({ browser }) => {
  // A click that lands before hydration is a native form post: the browser checks the CSP's form-action
  // against every redirect on the way to Google's sign-in page.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (m) => m.type() === "error" && refused.push(m.text()));
  await page.goto("/login?redirectTo=%2Fblogs");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(userMenu(page, "Gina Google")).toBeVisible();
  expect(refused).toEqual([]);
  await context.close();
});

test("without JavaScript, a refused login comes back with the email as typed and the password empty", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO.buyer);
  await page.getByLabel("Password").fill("Not-the-password1!");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(DEMO.buyer);
  await expect(page.getByLabel("Password")).toHaveValue("");
  await context.close();
});

test("the Google button is on sign-up too", async ({ page }) => {
  await page.goto("/signUp");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
});

test("a signed-in user sees the Dashboard link and not Login or Be Seller", async ({ page }) => {
  await logIn(page, DEMO.buyer);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Dashboard" }).first()).toBeVisible();
  await expect(nav.getByRole("link", { name: "Be Seller" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
});
