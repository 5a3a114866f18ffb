import { gzipSync } from "node:zlib";
import { expect, test } from "./support/fixtures.ts";

/** Issue budget: the home page and /allAdd ship at most 130 KB of gzip JavaScript. */
for (const path of ["/", "/allAdd"]) {
  test(`${path} ships at most 130 KB of gzip JavaScript, served compressed and cached for good`, async ({ page }) => {
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
    const total = scripts.reduce((n, s) => n + s.gzip, 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total / 1024, scripts.map((s) => `${s.url} ${s.gzip}`).join("\n")).toBeLessThanOrEqual(130);
    for (const s of scripts) expect(s.cache).toContain("immutable");
  });
}
