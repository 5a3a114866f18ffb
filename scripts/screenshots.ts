/**
 * The main pages as people see them, into docs/screenshots/: the production build on a fresh embedded
 * database with the demo data, in Chromium, at a laptop's width and a phone's, in the light and the dark
 * theme. The README shows a few; run it again after a change to how a page looks.
 * Usage: npm run screenshots [-- --port 4192]
 */
import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import { THEME_COOKIE } from "../app/lib/theme.ts";
import { embedded, healthy, startServer, stop } from "../bench/drills/support.ts";
import { argument, buildIfStale } from "../bench/processes.ts";
import { DEMO_ACCOUNTS } from "../seed/demo.ts";
import { DEMO_PASSWORD } from "../seed/factories.ts";

const port = Number(argument("port", "4192"));
const origin = `http://127.0.0.1:${port}`;
const OUT = "docs/screenshots";
const WIDTHS = { desktop: { width: 1366, height: 860 }, phone: { width: 390, height: 844 } } as const;
const THEMES = ["light", "dark"] as const;

/** Each page, and whose browser opens it (a visitor's when nobody). */
type Shot = { name: string; path: string; as?: keyof typeof DEMO_ACCOUNTS };

async function json<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${origin}${url}`, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

async function signIn(context: BrowserContext, who: keyof typeof DEMO_ACCOUNTS) {
  const res = await context.request.post(`${origin}/api/auth/sign-in/email`, {
    headers: { origin },
    data: { email: DEMO_ACCOUNTS[who], password: DEMO_PASSWORD },
  });
  if (!res.ok()) throw new Error(`signing in as ${who}: ${res.status()}`);
}

/** What to show: the demo's own laptops and orders, read through the API as their people would. */
async function shots(): Promise<Shot[]> {
  // A verified seller's laptop with reviews: the page as most buyers meet it.
  const laptops = await json<{ items: { id: string; sellerVerified: boolean; sellerRating: unknown }[] }>(
    "/api/adverts",
  );
  const laptop = laptops.items.find((a) => a.sellerVerified && a.sellerRating) ?? laptops.items[0];
  if (!laptop) throw new Error("the demo data has no laptop on sale");
  return [
    { name: "home", path: "/" },
    { name: "results", path: "/allAdd" },
    { name: "laptop", path: `/laptops/${laptop.id}` },
    { name: "my-sales", path: "/dashboard/sales", as: "seller" },
    { name: "disputes", path: "/dashboard/disputes", as: "admin" },
  ];
}

buildIfStale();
fs.mkdirSync(OUT, { recursive: true });
const database = embedded();
const server = startServer(database.env, port);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  if (!(await healthy(port, 120_000))) throw new Error("the server did not start");
  for (const shot of await shots()) {
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      for (const theme of THEMES) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: "reduce" });
        await context.addCookies([{ name: THEME_COOKIE, value: theme, url: origin }]);
        if (shot.as) await signIn(context, shot.as);
        const page = await context.newPage();
        await page.goto(`${origin}${shot.path}`, { waitUntil: "networkidle" });
        // Hydrated (buttons that need JavaScript are enabled): the theme switch has dropped its no-JavaScript field.
        await page.locator('form[action="/theme"] input[name="redirectTo"]').waitFor({ state: "detached" });
        const file = path.join(OUT, `${shot.name}-${width}-${theme}.png`);
        await page.screenshot({ path: file, animations: "disabled" });
        console.log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await stop(server);
  await database.drop();
}
