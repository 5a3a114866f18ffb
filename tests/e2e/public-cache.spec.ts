import { expect, test } from "./support/fixtures.ts";

const nonces = async (response: { headers(): Record<string, string>; text(): Promise<string> }) => ({
  header: /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1],
  html: [...(await response.text()).matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]),
});

test("a page served again from the visitors' cache carries a fresh nonce of its own", async ({ request }) => {
  const first = await nonces(await request.get("/allAdd?sort=price_asc"));
  const again = await nonces(await request.get("/allAdd?sort=price_asc"));
  for (const served of [first, again]) {
    expect(served.header).toBeTruthy();
    expect(served.html.length).toBeGreaterThan(0);
    expect(new Set(served.html)).toEqual(new Set([served.header]));
  }
  expect(again.header).not.toBe(first.header);
});

test("a page served again from the cache still runs its scripts (no CSP violation)", async ({ page }) => {
  for (let visit = 0; visit < 2; visit++) {
    await page.goto("/allAdd?sort=price_desc");
    // The inline scripts (nonce-checked) hand over to the app; blocked, this never becomes true.
    await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
  }
});
