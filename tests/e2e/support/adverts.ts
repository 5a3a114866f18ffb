import type { Page } from "@playwright/test";
import { expect, uniqueMobile } from "./fixtures.ts";
import { pngFile } from "./images.ts";

/**
 * A laptop posted by the page's signed-in seller through the API (posting has its own journeys), with a photo:
 * good condition, $900 new, $500 now, two years of use, in Uttara. Its id.
 */
export async function postLaptopThroughApi(
  page: Page,
  laptop: { name: string; brand: string; description: string; mobile?: string; serialNumber?: string },
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
      ...(laptop.serialNumber ? { serialNumber: laptop.serialNumber } : {}),
      photos: await pngFile(),
    },
  });
  expect(posted.status()).toBe(201);
  return ((await posted.json()) as { id: string }).id;
}

/** The advert form's fields, as a seller types them (the brand by its name, the condition by its value). */
export interface AdvertFields {
  name?: string;
  brand?: string;
  originalPrice?: string;
  resalePrice?: string;
  yearsOfUse?: string;
  condition?: string;
  location?: string;
  mobile?: string;
  description?: string;
}

const ADVERT_LABELS: Record<keyof AdvertFields, string> = {
  name: "Name",
  brand: "Brand",
  originalPrice: "Original price ($)",
  resalePrice: "Resale price ($)",
  yearsOfUse: "Year of use",
  condition: "Condition",
  location: "Location",
  mobile: "Mobile number",
  description: "Description",
};

/** Fills the given fields of the advert form on the page, in the form's order. */
export async function fillAdvertForm(page: Page, fields: AdvertFields) {
  for (const [key, label] of Object.entries(ADVERT_LABELS) as [keyof AdvertFields, string][]) {
    const value = fields[key];
    if (value === undefined) continue;
    if (key === "brand") await page.getByLabel(label).selectOption({ label: value });
    else if (key === "condition") await page.getByLabel(label).selectOption(value);
    else await page.getByLabel(label).fill(value);
  }
}

/** What a journey's seller types unless it says otherwise. */
const ORDINARY_LAPTOP: AdvertFields = {
  originalPrice: "900",
  resalePrice: "450",
  yearsOfUse: "2",
  condition: "good",
  location: "Khulna",
  description: "Works well, with its charger.",
};

/**
 * A laptop posted by the page's signed-in seller through Add Advertisement, with a photo and a mobile number
 * of its own (posting with every message has its own journey in seller.spec.ts).
 */
export async function postLaptopThroughForm(page: Page, laptop: AdvertFields & { name: string; brand: string }) {
  await page.goto("/dashboard/post/add");
  await fillAdvertForm(page, { ...ORDINARY_LAPTOP, ...laptop, mobile: uniqueMobile() });
  await addPhotos(page, [await pngFile()]);
  await page.getByRole("button", { name: "Add Advertisement" }).click();
  await expect(page.getByText("Your laptop is posted.")).toBeVisible();
}

/** The advert form's photo picker, once loaded: its list of photos, in order. */
export const pickedPhotos = (page: Page) => page.getByRole("list", { name: "Photos, in order" }).getByRole("listitem");

/**
 * Adds photos with the photo picker (photo-picker.tsx, loaded once the page runs JavaScript) and waits until
 * every one is uploaded: no progress bar left, the submit button no longer "Uploading photos…".
 */
export async function addPhotos(page: Page, files: Awaited<ReturnType<typeof pngFile>>[]) {
  const before = await pickedPhotos(page).count();
  await page.getByLabel("Choose photos").setInputFiles(files);
  await expect(pickedPhotos(page)).toHaveCount(before + files.length);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
}
