import { expect, test } from "./support/fixtures.ts";

test("a buyer types a specification, sees it as chips with matching laptops and counts, and removes one chip", async ({
  page,
}) => {
  await page.goto("/allAdd");
  const filters = page.getByRole("form", { name: "Filters" });
  await filters.getByLabel("Words").fill("lenovo ryzen 7 16gb 512 ssd under 700");
  await filters.getByRole("button", { name: "Apply filters" }).click();

  const chips = page.getByRole("region", { name: "Filters in force" });
  for (const name of [
    "Remove Brand Lenovo",
    "Remove Processor Ryzen 7",
    "Remove RAM 16 GB or more",
    "Remove Storage 512 GB or more",
    "Remove Storage type SSD",
    "Remove Price $700 or less",
  ]) {
    await expect(chips.getByRole("link", { name })).toBeVisible();
  }
  const titles = page.locator("article h3");
  // The demo's IdeaPad Slim 5 (Ryzen 7 5700U, 16 GB, 512 GB SSD, $495); not the Legion 5 Pro ($1,140).
  await expect(titles.filter({ hasText: "IdeaPad Slim 5" })).toHaveCount(1);
  await expect(titles.filter({ hasNotText: /^Lenovo / })).toHaveCount(0);
  await expect(titles.filter({ hasText: "Legion 5 Pro" })).toHaveCount(0);
  // The count beside the brand is for these results.
  const lenovo = filters.getByLabel("Brand").locator("option", { hasText: /^Lenovo \(\d+\)$/ });
  await expect(lenovo).toHaveText(`Lenovo (${await titles.count()})`);
  // The filters show what the chips say is in force, the words they were read from gone from Words.
  await expect(filters.getByLabel("Brand")).toHaveValue((await lenovo.getAttribute("value")) ?? "");
  await expect(filters.getByLabel("RAM at least")).toHaveValue("16");
  await expect(filters.getByLabel("Storage type")).toHaveValue("SSD");
  await expect(filters.getByLabel("Max price ($)")).toHaveValue("700");
  await expect(filters.getByLabel("Words")).toHaveValue("");

  // Removing the price keeps the rest: the dearer Legion comes in, the other chips stay.
  await chips.getByRole("link", { name: "Remove Price $700 or less" }).click();
  await expect(page).toHaveURL(/q=lenovo\+ryzen\+7\+16gb\+512\+ssd(&|$)/);
  await expect(titles.filter({ hasText: "Legion 5 Pro" })).toHaveCount(1);
  await expect(chips.getByRole("link", { name: /^Remove Price/ })).toHaveCount(0);
  await expect(chips.getByRole("link", { name: "Remove RAM 16 GB or more" })).toBeVisible();
  // Focus goes to the chip now in the removed one's place (it was the last: the new last one).
  await expect(chips.getByRole("link", { name: "Remove Storage type SSD" })).toBeFocused();
  await expect(titles.filter({ hasNotText: /^Lenovo / })).toHaveCount(0);
  // The form follows the chip: no price, so applying it again does not bring the price back.
  await expect(filters.getByLabel("Max price ($)")).toHaveValue("");
  await filters.getByLabel("Condition").selectOption("good");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/condition=good/);
  await expect(chips.getByRole("link", { name: /^Remove Price/ })).toHaveCount(0);
  await expect(chips.getByRole("link", { name: "Remove Processor Ryzen 7" })).toBeVisible();
  await expect(chips.getByRole("link", { name: "Remove Brand Lenovo" })).toBeVisible();
  // A select follows a removed chip too (it used to keep the value it was first drawn with).
  await chips.getByRole("link", { name: "Remove RAM 16 GB or more" }).click();
  await expect(page).not.toHaveURL(/minRam/);
  await expect(filters.getByLabel("RAM at least")).toHaveValue("");
});
