import type { Page } from "@playwright/test";
import { expect, uniqueMobile } from "./fixtures.ts";
import { pngFile } from "./images.ts";

/**
 * A laptop posted by the page's signed-in seller through the API (posting has its own journeys), with a photo:
 * good condition, $900 new, $500 now, two years of use, in Uttara. Its id.
 */
export async function postLaptopThroughApi(
  page: Page,
  laptop: { name: string; brand: string; description: string; mobile?: string },
): Promise<string> {
  const { brands } = (await (await page.request.get("/api/brands")).json()) as {
    brands: { id: string; name: string }[];
  };
  const brandId = brands.find((b) => b.name === laptop.brand)?.id;
  if (!brandId) throw new Error(`no brand ${laptop.brand} in the demo`);
  const posted = await page.request.post("/api/adverts", {
    multipart: {
      name: laptop.name,
      brandId,
      originalPrice: "900",
      resalePrice: "500",
      yearsOfUse: "2",
      location: "Uttara",
      mobile: laptop.mobile ?? uniqueMobile(),
      description: laptop.description,
      condition: "good",
      photos: await pngFile(),
    },
  });
  expect(posted.status()).toBe(201);
  return ((await posted.json()) as { id: string }).id;
}
