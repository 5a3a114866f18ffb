import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { THEME_COOKIE } from "../../app/lib/theme.ts";
import { SETTLED_COLOURS } from "./support/axe.ts";
import { DEMO, expect, hydrated, test } from "./support/fixtures.ts";

/*
 * WCAG 2.2 AA on every page each role reaches, at desktop and phone widths and in both themes, with a dialog
 * open and a form showing its errors; any axe violation fails. axe leaves text on daisyUI's buttons and badges
 * as "needs review" (colours it cannot resolve), so their contrast is computed here and must reach 4.5:1.
 * One signed-in browser per role walks its pages once per view: desktop in the light theme, phone in the dark
 * one, so every page is seen at both widths and in both themes without four passes.
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const VIEWS = [
  { name: "desktop/light", width: 1280, height: 800, theme: "light" },
  { name: "phone/dark", width: 390, height: 844, theme: "dark" },
] as const;
type View = (typeof VIEWS)[number];

/**
 * Each role's pages: every page linked from its `crawl` pages (one per route pattern), plus those pages and its
 * `also` pages. Signed-in roles follow only links in the content and the dashboard menu: the public pages
 * behind the top bar are the visitor's, audited once.
 */
const ROLES = {
  visitor: {
    crawl: ["/", "/login"],
    also: [
      "/allAdd",
      "/register/seller",
      "/blogs",
      "/buyer-protection",
      "/terms",
      "/privacy",
      "/cookies",
      "/no-such-page",
      "/form-refused?reason=proxy",
    ],
    scope: "body",
  },
  buyer: { crawl: ["/", "/dashboard"], also: ["/profile", "/dashboard/saved-searches/matches"], scope: "main" },
  // My Sales links to each order's page: the demo's booking on Sam's laptop is one.
  seller: { crawl: ["/dashboard", "/dashboard/sales"], also: ["/", "/dashboard/payouts"], scope: "main" },
  // Disputes links to each disputed order's page: the demo's open dispute is one.
  admin: { crawl: ["/dashboard", "/dashboard/disputes"], also: ["/", "/dashboard/finance"], scope: "main" },
};
type Role = keyof typeof ROLES;

/** One route, one visit: ids and emails in a path (and any query) make the same page. */
const routePattern = (path: string) =>
  new URL(path, "http://x").pathname
    .split("/")
    .map((part) => (/\d/.test(part) || part.includes("%40") || part.includes("@") ? ":id" : part))
    .join("/");

async function pagesOf(page: Page, role: Role) {
  const { crawl, also, scope } = ROLES[role];
  const found = new Map<string, string>();
  for (const path of [...crawl, ...also]) found.set(routePattern(path), path);
  for (const path of crawl) {
    await page.goto(path);
    const hrefs = await page
      .locator(scope)
      .locator("a[href^='/']")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const href of hrefs) {
      // Not pages: signing out, the sign-in providers, the theme switch, and images opened full size (a dispute's photos).
      if (!href || /^\/(logout|auth\/|theme|media\/)|#/.test(href)) continue;
      if (!found.has(routePattern(href))) found.set(routePattern(href), href);
    }
  }
  return [...found.values()];
}

/** Text contrast of every visible, enabled daisyUI button and badge, computed from the rendered colours. */
function lowContrastControls(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
    // The canvas turns any CSS colour (oklch, color-mix…) into sRGB.
    const rgba = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255] as const;
    };
    type Rgba = readonly [number, number, number, number];
    const over = (top: Rgba, below: Rgba): Rgba => [
      top[0] * top[3] + below[0] * (1 - top[3]),
      top[1] * top[3] + below[1] * (1 - top[3]),
      top[2] * top[3] + below[2] * (1 - top[3]),
      1,
    ];
    const background = (el: Element) => {
      const layers: Rgba[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const colour = rgba(getComputedStyle(e).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reverse().reduce<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const f = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const problems: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(".btn, .badge")) {
      const text = el.innerText.trim();
      const box = el.getBoundingClientRect();
      const inactive = el.matches(":disabled, [aria-disabled='true'], .btn-disabled") || el.closest("[inert]");
      if (!text || inactive || box.width < 2 || box.height < 2 || !el.checkVisibility({ opacityProperty: true })) {
        continue;
      }
      const bg = background(el);
      const fg = over(rgba(getComputedStyle(el).color), bg);
      const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < 4.5) problems.push(`"${text}" (${el.className}) ${ratio.toFixed(2)}:1`);
    }
    return problems;
  });
}

async function audit(page: Page, where: string, problems: string[]) {
  await page.addStyleTag({ content: SETTLED_COLOURS });
  // Violations only: collecting every passing node too costs seconds per page on a busy machine.
  const { violations } = await new AxeBuilder({ page })
    .options({ runOnly: { type: "tag", values: TAGS }, resultTypes: ["violations"] })
    .analyze();
  for (const v of violations) {
    problems.push(`${where}: ${v.id} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  for (const p of await lowContrastControls(page)) problems.push(`${where}: contrast ${p}`);
  // One h1 a page: what a screen reader's "next heading" lands on first, and where focus goes on navigation.
  const h1s = await page.locator("h1").count();
  if (h1s !== 1) problems.push(`${where}: ${h1s} h1 headings`);
}

/** The states a page alone does not show: an open dialog, a refused form. */
const STATES: Record<Role, (page: Page, where: string, problems: string[]) => Promise<void>> = {
  async visitor(page, where, problems) {
    // The carousel can be stopped (WCAG 2.2.2).
    await page.goto("/");
    await page.getByRole("button", { name: "Pause banners" }).click();
    await expect(page.getByRole("button", { name: "Play banners" })).toBeVisible();
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await audit(page, `${where} /login with errors`, problems);
  },
  async buyer(page, where, problems) {
    await page.goto("/allAdd?q=ThinkPad");
    await page.locator("article h3 a").first().click();
    await page.getByRole("button", { name: "Report" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await audit(page, `${where} Report dialog`, problems);
    await page.keyboard.press("Escape");
    await page.goto("/");
    await page.locator("#categories").getByRole("link", { name: "HP", exact: true }).click();
    await page.getByRole("button", { name: "Book Now" }).first().click();
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("dialog").getByLabel("Meeting location")).toHaveAttribute("aria-invalid", "true");
    await audit(page, `${where} Book dialog with errors`, problems);
  },
  async seller(page, where, problems) {
    await page.goto("/dashboard/post/add");
    // A submit pressed while the page hydrates can be swallowed; focus moving to the first error needs JavaScript.
    await hydrated(page);
    await page.getByRole("button", { name: "Add Advertisement" }).click();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    // Focus went to the first field to fix.
    await expect(page.getByLabel("Name")).toBeFocused();
    // A native select, not daisyUI's base-select picker (which ignores ArrowDown).
    await expect(page.getByLabel("Brand")).toHaveCSS("appearance", "none");
    await audit(page, `${where} Add Advertisement with errors`, problems);
  },
  async admin(page, where, problems) {
    await page.goto("/dashboard/all/seller");
    await page
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await audit(page, `${where} delete confirmation`, problems);
  },
};

async function sweep(browser: Browser, baseURL: string, role: Role) {
  // bypassCSP: the audit adds a style of its own (below); the pages' CSP is tested elsewhere.
  const context = await browser.newContext({ baseURL, bypassCSP: true });
  const page = await context.newPage();
  if (role !== "visitor") {
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO[role]);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    // Signed in once the account menu shows (the toast may come and go on a busy machine).
    await expect(page.getByRole("banner").locator("summary[aria-label^='Account menu']")).toBeVisible({
      timeout: 20_000,
    });
  }
  const paths = await pagesOf(page, role);
  const problems: string[] = [];
  for (const view of VIEWS satisfies readonly View[]) {
    await context.addCookies([{ name: THEME_COOKIE, value: view.theme, url: baseURL }]);
    await page.setViewportSize({ width: view.width, height: view.height });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-theme", view.theme);
      await audit(page, `${role} ${view.name} ${path}`, problems);
    }
    await STATES[role](page, `${role} ${view.name}`, problems);
  }
  await context.close();
  return { paths, problems };
}

for (const role of Object.keys(ROLES) as Role[]) {
  test(`WCAG 2.2 AA for the ${role}: every page, both widths, both themes, dialogs and errors`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const { paths, problems } = await sweep(browser, baseURL as string, role);
    expect(paths.length).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  });
}
