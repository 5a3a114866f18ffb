import { registerSeller } from "./support/accounts.ts";
import { addPhotos, fillAdvertForm, pickedPhotos } from "./support/adverts.ts";
import { expect, hydrated, test, uniqueMobile } from "./support/fixtures.ts";
import { fakePng, pngFile } from "./support/images.ts";

// Playwright hands the browser a file this large (huge.jpg, over 8 MB) through a blob: URL, which our CSP's
// connect-src refuses — its own delivery, not the page's (the file still arrives, and is refused by size).
test.use({
  allowedConsoleErrors: [
    /^Connecting to 'blob:.*violates the following Content Security Policy directive: "connect-src/,
  ],
});

const NOT_A_PICTURE = "This file is not a picture we can use. Upload a JPEG, PNG or WebP image.";

test("a seller posts with the photo picker, then removes and reorders a photo while editing", async ({ page }) => {
  await registerSeller(page, "Phoebe Photos");
  await page.goto("/dashboard/post/add");
  await hydrated(page);
  await fillAdvertForm(page, {
    name: "Lenovo ThinkPad T480",
    brand: "Lenovo",
    originalPrice: "1100",
    resalePrice: "420",
    yearsOfUse: "3",
    condition: "good",
    location: "Rajshahi",
    mobile: uniqueMobile(),
    description: "Three photos, in the order I choose.",
  });

  // Each photo uploads at once with its own progress bar; the form waits for it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/advert-photos", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Choose photos").setInputFiles(await pngFile("front.png", "#c33"));
  await expect(page.getByRole("progressbar", { name: "Uploading front.png" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Uploading photos…" })).toBeDisabled();
  release();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await page.unroute("**/api/advert-photos");
  await expect(pickedPhotos(page).first().getByRole("img", { name: "1 of 1: front.png" })).toBeVisible();
  await expect(pickedPhotos(page).first()).toContainText("Cover");

  // Refused files are named, each with its reason: in the browser (type, size) and by the server (the bytes).
  await page
    .getByLabel("Choose photos")
    .setInputFiles([
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") },
      { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(8 * 1024 * 1024 + 1, 7) },
      fakePng,
    ]);
  const refusals = page.getByRole("alert").filter({ hasText: "notes.txt" });
  await expect(refusals).toContainText(`“notes.txt”: ${NOT_A_PICTURE}`);
  await expect(refusals).toContainText("“huge.jpg”: The image is larger than 8 MB.");
  await expect(refusals).toContainText(`“evil.png”: ${NOT_A_PICTURE}`);
  await expect(pickedPhotos(page)).toHaveCount(1);

  await addPhotos(page, [await pngFile("side.png", "#3c3"), await pngFile("back.png", "#33c")]);
  await expect(pickedPhotos(page)).toHaveCount(3);
  await page.getByRole("button", { name: "Add Advertisement" }).click();
  await expect(page.getByRole("heading", { name: "My Products" })).toBeVisible();

  // Editing keeps the photos; one is removed, the last dragged to the front (the new cover).
  const card = page.getByRole("listitem").filter({ hasText: "Lenovo ThinkPad T480" });
  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Advertisement" })).toBeVisible();
  await hydrated(page);
  await expect(pickedPhotos(page)).toHaveCount(3);
  const src = (i: number) => pickedPhotos(page).nth(i).getByRole("img").getAttribute("src");
  const [front, , back] = [await src(0), await src(1), await src(2)];
  await page.getByRole("button", { name: "Remove Current view 2" }).click();
  await expect(pickedPhotos(page)).toHaveCount(2);
  await pickedPhotos(page).nth(1).dragTo(pickedPhotos(page).nth(0));
  await expect(pickedPhotos(page).first()).toContainText("Current view 3");
  await expect(pickedPhotos(page).first()).toContainText("Cover");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name: "My Products" })).toBeVisible();

  // The laptop's page shows the new order: the dragged photo as the main one, then the first.
  await card.getByRole("link", { name: "Lenovo ThinkPad T480" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Lenovo ThinkPad T480" })).toBeVisible();
  // The thumbnails' pictures are decorative (each button says which view it shows).
  const thumbnails = page.getByRole("list", { name: "Photos" }).locator("img");
  await expect(thumbnails).toHaveCount(2);
  expect([await thumbnails.nth(0).getAttribute("src"), await thumbnails.nth(1).getAttribute("src")]).toEqual([
    back,
    front,
  ]);
  // The gallery's first photo, the cover, is the one chosen.
  await expect(page.getByRole("img", { name: "Lenovo ThinkPad T480, photo 1 of 2" })).toHaveAttribute(
    "src",
    back as string,
  );
});

test("without JavaScript, photos go with the form and editing removes one by its checkbox", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await registerSeller(page, "Nora Noscript");
  await page.goto("/dashboard/post/add");
  await fillAdvertForm(page, {
    name: "HP ProBook 450",
    brand: "HP",
    originalPrice: "800",
    resalePrice: "300",
    yearsOfUse: "4",
    condition: "Fair",
    location: "Barishal",
    mobile: uniqueMobile(),
    description: "Posted without JavaScript.",
  });
  // A price that is not one comes back as a new page, the form as it was typed (files are chosen again).
  await page.getByLabel("Resale price ($)").fill("cheap");
  await page.getByRole("button", { name: "Add Advertisement" }).click();
  await expect(page.getByLabel("Resale price ($)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Resale price ($)")).toHaveValue("cheap");
  await expect(page.getByLabel("Name")).toHaveValue("HP ProBook 450");
  await expect(page.getByLabel("Description")).toHaveValue("Posted without JavaScript.");
  await expect(page.getByLabel("Condition")).toHaveValue("Fair");
  await page.getByLabel("Resale price ($)").fill("300");
  await page.getByLabel("Photos").setInputFiles([await pngFile("a.png", "#c33"), await pngFile("b.png", "#33c")]);
  await page.getByRole("button", { name: "Add Advertisement" }).click();
  await expect(page.getByRole("heading", { name: "My Products" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "HP ProBook 450" });
  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("img", { name: /^View/ })).toHaveCount(2);
  await page.getByLabel("Remove photo 1").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name: "My Products" })).toBeVisible();
  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("img", { name: /^View/ })).toHaveCount(1);
  await context.close();
});
