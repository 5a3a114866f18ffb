import { DEMO, expect, fieldError, logIn, test } from "./support/fixtures.ts";
import { fakePng, pngFile } from "./support/images.ts";

test("an admin adds, renames and deletes a brand, and cannot delete one that has laptops", async ({ page }) => {
  const name = `Framework ${Date.now().toString(36)}`;
  await logIn(page, DEMO.admin);
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Add Brand" }).click();
  await expect(page.getByRole("heading", { name: "Add Brand" })).toBeVisible();

  await page.getByRole("button", { name: "Add Brand" }).click();
  await expect(fieldError(page, "Name is required")).toBeVisible();
  await expect(fieldError(page, "Brand image is required")).toBeVisible();

  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Image").setInputFiles(fakePng);
  await page.getByRole("button", { name: "Add Brand" }).click();
  await expect(
    fieldError(page, "This file is not a picture we can use. Upload a JPEG, PNG or WebP image."),
  ).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);

  await page.getByLabel("Image").setInputFiles(await pngFile());
  await page.getByRole("button", { name: "Add Brand" }).click();
  await expect(page.getByText(`Brand ${name} added.`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "All Brands" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();

  // Names are unique, whatever the case.
  await page.goto("/dashboard/add/brand");
  await page.getByLabel("Name").fill("dell");
  await page.getByLabel("Image").setInputFiles(await pngFile());
  await page.getByRole("button", { name: "Add Brand" }).click();
  await expect(fieldError(page, "A brand with this name already exists")).toBeVisible();
  // The chosen image is kept: only the name needs changing.
  expect(await page.getByLabel("Image").evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);

  await page.goto("/dashboard/all/brands");
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const editor = page.getByRole("dialog", { name: `Edit ${name}` });
  await editor.getByLabel("Name").fill(`${name} Laptop`);
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Brand updated.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`${name} Laptop`) })).toBeVisible();

  await page.getByRole("button", { name: "Delete Dell" }).click();
  const confirmDell = page.getByRole("dialog", { name: "Are sure to delete this product?" });
  await confirmDell.getByRole("button", { name: "Delete" }).click();
  await expect(confirmDell.getByRole("alert")).toHaveText(/Dell still has \d+ laptops/);
  await confirmDell.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("row", { name: /Dell/ })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${name} Laptop` }).click();
  await page
    .getByRole("dialog", { name: "Are sure to delete this product?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("Brand deleted.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  // Focus moved to the row now in its place, not back to the top of the page.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("tbody") !== null)).toBe(true);
});
