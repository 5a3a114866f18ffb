import type { Page } from "@playwright/test";
import { DEMO, expect, hydrated, test, uniqueEmail } from "./support/fixtures.ts";
import { tabTo, typeThenTab } from "./support/keyboard.ts";

/*
 * Journeys walked with the keyboard alone (page.keyboard; page.goto only to start somewhere), asserting after
 * each step where focus is: the next thing to do, the new page's heading, the field to fix, the new status.
 */

async function type(page: Page, text: string) {
  await page.keyboard.type(text);
}

const announcer = (page: Page) => page.locator("#announcer");

async function signUp(page: Page, path: "/signUp" | "/register/seller", name: string) {
  const email = uniqueEmail(name.split(" ")[0]?.toLowerCase() ?? "kb");
  await page.goto(path);
  await tabTo(page, page.getByLabel("Name"));
  await type(page, name);
  await page.keyboard.press("Tab");
  await typeThenTab(page, email, page.getByLabel("Password"));
  await type(page, "Abcdef1!");
  await page.keyboard.press("Enter");
  return email;
}

test("keyboard only: skip link, sign in with a refused first try, book a laptop and pay for it", async ({ page }) => {
  // A new buyer, so the booking is theirs alone; then signed out to sign in by keyboard.
  const email = await signUp(page, "/signUp", "Kim Keys");
  await expect(page).toHaveURL(/\/$/);
  await page.context().clearCookies();

  await page.goto("/login");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await page.keyboard.press("Tab");
  const emailField = page.getByLabel("Email");
  await expect(emailField).toBeFocused();

  // An empty submit: focus goes to the first field to fix, and the count is announced.
  await page.keyboard.press("Enter");
  await expect(emailField).toBeFocused();
  await expect(emailField).toHaveAttribute("aria-invalid", "true");
  await expect(announcer(page)).toHaveText("2 fields need your attention.");
  await type(page, email);
  await tabTo(page, page.getByLabel("Password"));
  await type(page, "Abcdef1!");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Successfully login!")).toBeVisible();
  // The new page's heading (the home page's, for screen readers), not the old form's place.
  await expect(page.getByRole("heading", { level: 1, name: "ReLaptop: used laptops from real sellers" })).toBeFocused();

  // Book a laptop from its page: the dialog takes focus; afterwards the new status has it.
  await page.goto("/allAdd?q=ThinkPad");
  // Hydrated: a link followed before then loads a whole new document, whose heading does not take focus.
  await hydrated(page);
  const firstCard = page.locator("article h3 a").first();
  const name = (await firstCard.textContent()) as string;
  await tabTo(page, firstCard);
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 1, name });
  await expect(heading).toBeFocused();
  const bookNow = page.getByRole("button", { name: "Book Now" });
  await tabTo(page, bookNow);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Book ${name}` });
  await expect(dialog).toBeVisible();
  const location = dialog.getByLabel("Meeting location");
  await tabTo(page, location);
  await typeThenTab(page, "Dhanmondi 27", dialog.getByLabel("Phone Number"));
  await type(page, "01712345678");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your booking is confirmed!")).toBeVisible();
  await expect(page.getByText("Booked", { exact: true })).toBeFocused();

  // Pay: the order's Pay link, the payment page's heading, the card form, then My Orders' heading.
  await page.goto("/dashboard/my/orders");
  await hydrated(page);
  const order = page.getByRole("listitem").filter({ hasText: name });
  await tabTo(page, order.getByRole("link", { name: "Pay" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: `Payment for ${name}` })).toBeFocused();
  await tabTo(page, page.getByLabel("Card number"));
  await typeThenTab(page, "4242 4242 4242 4242", page.getByLabel("Expiry date (MM / YY)"));
  await typeThenTab(page, "12 / 34", page.getByLabel("CVC"));
  await type(page, "123");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Congratulations! your payment successful.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeFocused();
  await expect(order.getByText("Paid", { exact: true })).toBeVisible();
});

test("keyboard only: menus close on Escape with focus back on their button, and an admin verifies a seller", async ({
  page,
  browser,
}) => {
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  const sellerEmail = await signUp(sellerPage, "/register/seller", "Vera Verify");
  await expect(sellerPage.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await sellerContext.close();

  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email"));
  await type(page, DEMO.admin);
  await tabTo(page, page.getByLabel("Password"));
  await type(page, DEMO.password);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Successfully login!")).toBeVisible();

  // The account menu: opens with Enter, closes with Escape (once hydrated), focus back on its button.
  await hydrated(page);
  const account = page.getByRole("banner").locator("summary[aria-label^='Account menu']");
  await tabTo(page, account);
  await page.keyboard.press("Enter");
  const profile = page.getByRole("banner").getByRole("link", { name: "Profile" });
  await expect(profile).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(profile).toBeHidden();
  await expect(account).toBeFocused();

  await page.goto(`/dashboard/all/seller?q=${encodeURIComponent(sellerEmail)}`);
  const row = page.getByRole("row", { name: /Vera Verify/ });
  await tabTo(page, row.getByRole("button", { name: "Make Verified" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Seller Verified!")).toBeVisible();
  await expect(row.getByText("Verified", { exact: true })).toBeVisible();
  // The same button, now the way back, keeps focus while and after it works.
  await expect(row.getByRole("button", { name: "Revoke verification" })).toBeFocused();
});
