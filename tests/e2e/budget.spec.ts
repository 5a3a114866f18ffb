import { gzipSync } from "node:zlib";
import { expect, test } from "./support/fixtures.ts";

/** Issue budget: the home page and /allAdd ship at most 130 KB of gzip JavaScript. */
for (const path of ["/", "/allAdd"]) {
  test(`${path} ships at most 130 KB of gzip JavaScript, served compressed and cached for good`, async ({ page }) => {
    const scripts: { url: string; gzip: number; cache: string }[] = [];
    page.on("response", async (response) => {
      if (!response.url().endsWith(".js")) return;
      const body = await response.body();
      scripts.push({
        url: response.url(),
        gzip: gzipSync(body, { level: 9 }).length,
        cache: response.headers()["cache-control"] ?? "",
      });
    });
    await page.goto(path, { waitUntil: "networkidle" });
    const total = scripts.reduce((n, s) => n + s.gzip, 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total / 1024, scripts.map((s) => `${s.url} ${s.gzip}`).join("\n")).toBeLessThanOrEqual(130);
    for (const s of scripts) expect(s.cache).toContain("immutable");
  });
}
