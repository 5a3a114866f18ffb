import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";

/** The gzip size of every script a fresh load of `path` runs, and its cache header. */
async function scriptsOf(page: Page, path: string) {
  const scripts: { url: string; gzip: number; cache: string }[] = [];
  const reading: Promise<void>[] = [];
  page.on("response", (response) => {
    if (!response.url().endsWith(".js")) return;
    reading.push(
      response.body().then((body) => {
        scripts.push({
          url: response.url(),
          gzip: gzipSync(body, { level: 9 }).length,
          cache: response.headers()["cache-control"] ?? "",
        });
      }),
    );
  });
  // The load event waits for every module script the page starts with and what they import. (Not
  // "networkidle": on a loaded machine it once never came in 60 s, every request long finished.)
  await page.goto(path);
  await Promise.all(reading);
  return scripts;
}

function expectWithinBudget(scripts: Awaited<ReturnType<typeof scriptsOf>>, kb = 130) {
  const total = scripts.reduce((n, s) => n + s.gzip, 0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(total / 1024, scripts.map((s) => `${s.url} ${s.gzip}`).join("\n")).toBeLessThanOrEqual(kb);
  for (const s of scripts) expect(s.cache).toContain("immutable");
}

/** Issue budget: the home page and /allAdd ship at most 130 KB of gzip JavaScript. */
for (const path of ["/", "/allAdd"]) {
  test(`${path} ships at most 130 KB of gzip JavaScript, served compressed and cached for good`, async ({ page }) => {
    expectWithinBudget(await scriptsOf(page, path));
  });
}

/**
 * A laptop's page, a public page too, within the same 130 KB: the photo lightbox loads when a photo is first
 * opened (app/components/photo-gallery.tsx), the booking and report forms (and zod with them) when someone
 * points at Book Now or Report (app/components/booking.tsx) — never with the page.
 */
test("a laptop's page ships at most 130 KB of gzip JavaScript, neither the lightbox nor the forms among it", async ({
  page,
  browser,
}) => {
  await page.goto("/allAdd");
  const href = await page.locator("article h3 a").first().getAttribute("href");
  // A browser of its own: nothing cached from /allAdd.
  const fresh = await (await browser.newContext()).newPage();
  const scripts = await scriptsOf(fresh, href ?? "");
  expectWithinBudget(scripts);
  expect(scripts.map((s) => s.url).filter((url) => /lightbox|\/(book|report)-/i.test(url))).toEqual([]);
});
