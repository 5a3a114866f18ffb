import type { Locator, Page } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { expect, hydrated, test } from "./support/fixtures.ts";

/** A demo laptop with four photos (seed/demo.ts: each brand's first laptop). */
const LAPTOP = "Apple MacBook Air M2";

async function openLaptop(page: Page) {
  await page.goto(`/allAdd?q=${encodeURIComponent(LAPTOP)}`);
  await page.locator("article h3 a").getByText(LAPTOP, { exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: LAPTOP })).toBeVisible();
  return page.getByRole("region", { name: `Photos of ${LAPTOP}` });
}

const photo = (where: Page | Locator, n: number) => where.getByRole("link", { name: `${LAPTOP}, photo ${n} of 4` });

/** How far the lightbox's photo is zoomed: the scale of the shown slide's transform. */
const zoomOf = (lightbox: Locator) =>
  lightbox
    .locator(".yarl__slide_wrapper[style*='scale']")
    .evaluate((el) => Number(/scale\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)?.[1]));

test("a laptop's photos move with the arrows, the keyboard and the thumbnails, and open zoomable full screen", async ({
  page,
}) => {
  const gallery = await openLaptop(page);
  await hydrated(page);
  await expect(photo(gallery, 1)).toBeInViewport({ ratio: 0.9 });
  await expect(photo(gallery, 2)).not.toBeInViewport();

  // The arrows on the photo, and the thumbnails, which say which one is shown.
  await gallery.getByRole("button", { name: "Next photo" }).click();
  await expect(photo(gallery, 2)).toBeInViewport({ ratio: 0.9 });
  await expect(gallery.getByRole("button", { name: "Show view 2 of 4" })).toHaveAttribute("aria-pressed", "true");
  await gallery.getByRole("button", { name: "Show view 4 of 4" }).click();
  await expect(photo(gallery, 4)).toBeInViewport({ ratio: 0.9 });
  await gallery.getByRole("button", { name: "Previous photo" }).click();
  await expect(photo(gallery, 3)).toBeInViewport({ ratio: 0.9 });

  // The keyboard: the photo shown is the one in the tab order, and ← → take focus along.
  await photo(gallery, 3).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(photo(gallery, 2)).toBeFocused();
  await expect(photo(gallery, 2)).toBeInViewport({ ratio: 0.9 });
  await expect(photo(gallery, 3)).toHaveAttribute("tabindex", "-1");

  // Enter on the photo opens it full screen, its words from the advert.
  await page.keyboard.press("Enter");
  const lightbox = page.getByRole("dialog", { name: `Photos of ${LAPTOP}` });
  await expect(lightbox.getByRole("img", { name: `${LAPTOP}, photo 2 of 4` })).toBeVisible();
  await expectAccessible(page);

  // Zoom: the wheel, Ctrl+0 back to the whole photo, then + and - from the keyboard.
  await expect.poll(() => zoomOf(lightbox)).toBe(1);
  const box = await lightbox.getByRole("img", { name: `${LAPTOP}, photo 2 of 4` }).boundingBox();
  await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
  await page.mouse.wheel(0, -100);
  await expect.poll(() => zoomOf(lightbox)).toBeGreaterThan(1);
  await page.keyboard.press("Control+0");
  await expect.poll(() => zoomOf(lightbox)).toBe(1);
  await page.keyboard.press("+");
  await expect.poll(() => zoomOf(lightbox)).toBeGreaterThan(1);
  await page.keyboard.press("-");
  await expect.poll(() => zoomOf(lightbox)).toBe(1);

  // Its arrows, from the keyboard and on screen, go through the photos.
  await page.keyboard.press("ArrowRight");
  await expect(lightbox.getByRole("img", { name: `${LAPTOP}, photo 3 of 4` })).toBeInViewport({ ratio: 0.9 });
  await lightbox.getByRole("button", { name: "Next" }).click();
  await expect(lightbox.getByRole("img", { name: `${LAPTOP}, photo 4 of 4` })).toBeInViewport({ ratio: 0.9 });

  // Escape closes it, and focus is back on the photo that opened it.
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  await expect(photo(gallery, 2)).toBeFocused();

  // A click opens it too; its Close button gives focus back the same way.
  await photo(gallery, 2).click();
  await expect(lightbox.getByRole("img", { name: `${LAPTOP}, photo 2 of 4` })).toBeVisible();
  await lightbox.getByRole("button", { name: "Close" }).click();
  await expect(lightbox).toBeHidden();
  await expect(photo(gallery, 2)).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a laptop's photos all show, each a link to itself full size", async ({ page }) => {
    const gallery = await openLaptop(page);
    await expect(photo(gallery, 1)).toBeVisible();
    for (const n of [1, 2, 3, 4]) await expect(photo(gallery, n)).toHaveAttribute("href", /\/media\//);
    // Nothing that needs a script to work is offered.
    await expect(gallery.getByRole("button", { name: "Next photo" })).toHaveCount(0);
    const full = await page.request.get((await photo(gallery, 1).getAttribute("href")) ?? "");
    expect(full.headers()["content-type"]).toMatch(/^image\//);
  });
});
