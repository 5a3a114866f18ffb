import { type Browser, test as base, expect, type Locator, type Page } from "@playwright/test";

export const DEMO = {
  admin: "admin@relaptop.test",
  seller: "seller@relaptop.test",
  buyer: "buyer@relaptop.test",
  password: "Passw0rd!",
};

/** The dashboard's side menu for anyone who buys (a buyer, a seller acting as one). */
export const BUYER_MENU = ["My Orders", "Favourites", "Notifications", "Saved searches", "Messages"];

/**
 * Every page fails its test on a console error or an uncaught exception
 * (a CSP violation, a hydration mismatch, a failed asset all show up there), or a warning about our headers.
 */
export const test = base.extend<{ page: Page; allowedConsoleErrors: RegExp[] }>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    // The network log of an expected 4xx (a refused login, a form with errors) is not an app error.
    const allowed = [/Failed to load resource: the server responded with a status of 4\d\d/, ...allowedConsoleErrors];
    page.on("console", (m) => {
      if (m.type() === "error" && !allowed.some((re) => re.test(m.text()))) {
        problems.push(`console: ${m.text()}`);
      }
      // The browser's word on our own headers (an unknown Permissions-Policy feature), on every page.
      if (m.type() === "warning" && /Permissions-Policy/.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    await use(page);
    expect(problems, "the browser reported errors").toEqual([]);
  },
});

export { expect };

let counter = 0;
/** An address no other test uses, so tests can run in parallel on one database. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${counter++}@e2e.test`;
/** A mobile number of this seller's own: one shared by several sellers holds their adverts for review. */
export const uniqueMobile = () => `017${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;

export async function logIn(page: Page, email: string, password = DEMO.password) {
  await page.goto("/login");
  // A click on Login while the page hydrates can be lost (a fresh context on a loaded machine): wait for it.
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Successfully login!")).toBeVisible();
}

/** A page in a browser of its own (a new context), signed in as `email`. */
export async function signedInPage(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email);
  return page;
}

/** The dashboard's side menu. */
export const dashboardMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });

/** Opens the dashboard and follows `link` in its side menu. */
export async function openFromDashboardMenu(page: Page, link: string) {
  await page.goto("/dashboard");
  await dashboardMenu(page).getByRole("link", { name: link }).click();
}

/** Answers the confirmation dialog named `dialog` with its button `button`. */
export const answerDialog = (page: Page, dialog: string | RegExp, button: string) =>
  page.getByRole("dialog", { name: dialog }).getByRole("button", { name: button }).click();

/**
 * The page has hydrated: the theme switch drops its no-JavaScript field once its effects have run. Keys pressed
 * before that reach server HTML with no handlers, and buttons that need JavaScript are still disabled.
 */
export const hydrated = (page: Page) =>
  expect(page.locator('form[action="/theme"] input[name="redirectTo"]')).toHaveCount(0);

/** Red messages under the fields (spec §5). */
export const fieldError = (page: Page, text: string) => page.locator("p.text-error", { hasText: text });

/**
 * A form refused, then corrected: `field` filled with `wrong` (or left empty), its button `submit` (in `form`: a
 * dialog, a card or the page) pressed, and `error` shows under a field; `meanwhile` checks the page with the
 * error on it (an accessibility scan); then `field` is filled with `value` and the button pressed again: `done`
 * is said, and the form `closes` if told.
 */
export async function correctAndResubmit(
  page: Page,
  form: Page | Locator,
  step: {
    field: string | RegExp;
    wrong?: string;
    submit: string;
    error: string;
    meanwhile?: (page: Page) => Promise<void>;
    value: string;
    done: string;
    closes?: boolean;
  },
) {
  if (step.wrong !== undefined) await form.getByLabel(step.field).fill(step.wrong);
  await form.getByRole("button", { name: step.submit }).click();
  await expect(fieldError(page, step.error)).toBeVisible();
  await step.meanwhile?.(page);
  await form.getByLabel(step.field).fill(step.value);
  await form.getByRole("button", { name: step.submit }).click();
  await expect(page.getByText(step.done)).toBeVisible();
  if (step.closes) await expect(form as Locator).toHaveCount(0);
}

/** The user menu in the top bar, named by the display name (or the email). */
export const userMenu = (page: Page, label: string) => page.getByRole("banner").locator("summary", { hasText: label });
