import { registerSeller } from "./support/accounts.ts";
import { addPhotos, fillAdvertForm, pickedPhotos } from "./support/adverts.ts";
import { correctAndResubmit, DEMO, expect, fieldError, logIn, test, uniqueMobile } from "./support/fixtures.ts";
import { pngFile } from "./support/images.ts";

test("a seller posts (every message), edits, advertises, removes the advertisement and deletes an advert", async ({
  page,
}) => {
  // A fresh seller, so the list holds only this test's advert.
  await registerSeller(page, "Pia Poster");

  await page.getByRole("link", { name: "Post Add" }).click();
  await expect(page.getByRole("heading", { name: "Add Advertisement" })).toBeVisible();
  await page.getByRole("button", { name: "Add Advertisement" }).click();
  for (const message of [
    "Name is required",
    "Brand selection is required",
    "Original price is required",
    "Resale price is required",
    "Year of use is required",
    "Location is required",
    "Mobile number is required",
    "Description is required",
    "Condition is required",
    "Brand image is required",
  ]) {
    await expect(fieldError(page, message)).toBeVisible();
  }

  await page.getByLabel("Name").fill("Dell XPS 13 9315");
  await page.getByLabel("Brand").selectOption({ label: "Dell" });
  await page.getByLabel("Original price ($)").fill("-5");
  await page.getByLabel("Resale price ($)").fill("abc");
  await page.getByLabel("Year of use").fill("two");
  await page.getByRole("button", { name: "Add Advertisement" }).click();
  await expect(fieldError(page, "Original price must be a positive amount, like 450 or 449.99")).toBeVisible();
  await expect(fieldError(page, "Resale price must be a positive amount, like 450 or 449.99")).toBeVisible();
  await expect(fieldError(page, "Year of use must be a whole number of years from 0 to 30")).toBeVisible();

  await fillAdvertForm(page, {
    originalPrice: "1,200",
    resalePrice: "649.99",
    yearsOfUse: "2",
    condition: "good",
    location: "Dhaka",
    mobile: uniqueMobile(),
    description: "Light, fast, with its charger and box.",
  });
  await page.getByLabel("RAM (GB)").fill("16");
  await page.getByLabel("Storage (GB)").fill("512");
  await page.getByLabel("Storage type").selectOption("SSD");
  // The Processor field suggests as the seller types; the arrow keys and Enter pick a suggestion.
  const processor = page.getByRole("combobox", { name: "Processor" });
  await processor.fill("i7-865");
  await expect(page.getByRole("option", { name: /Intel Core i7-8650U/ })).toBeVisible();
  await processor.press("ArrowDown");
  await processor.press("Enter");
  await expect(processor).toHaveValue("Intel Core i7-8650U");
  await expect(page.getByText("Recognised: Intel Core i7-8650U — Everyday tier")).toBeVisible();
  await addPhotos(page, [await pngFile("front.png"), await pngFile("back.png", "#a26")]);
  await page.getByRole("button", { name: "Add Advertisement" }).click();

  await expect(page.getByText("Your laptop is posted.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Products" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "Dell XPS 13 9315" });
  await expect(card).toContainText("$649.99");
  await expect(card).toContainText("Available");

  await card.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Advertisement" })).toBeVisible();
  await expect(page.getByLabel("Resale price ($)")).toHaveValue("649.99");
  await expect(pickedPhotos(page).getByRole("img")).toHaveCount(2);
  await correctAndResubmit(page, page, {
    field: "Resale price ($)",
    wrong: "2000",
    submit: "Save changes",
    error: "Resale price cannot be more than the original price",
    value: "599",
    done: "Your advert is updated.",
  });
  await expect(card).toContainText("$599");

  await card.getByRole("button", { name: "Add To Advertisement" }).click();
  await expect(page.getByText("Your product added on advertisement section!")).toBeVisible();
  await expect(card.getByText("Advertised")).toBeVisible();
  // The button turned into its opposite and kept focus (it was dropped to the page).
  await expect(card.getByRole("button", { name: "Remove Advertisement" })).toBeFocused();
  await page.goto("/");
  await expect(
    page
      .locator("section", { has: page.getByRole("heading", { name: "Latest laptops" }) })
      .getByText("Dell XPS 13 9315")
      .first(),
  ).toBeVisible();
  await page.goBack();

  await card.getByRole("button", { name: "Remove Advertisement" }).click();
  await expect(page.getByText("Your product is removed from the advertisement section.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Add To Advertisement" })).toBeVisible();

  await card.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Are sure to delete this product?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Your product is deleted.")).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("a sold advert shows Sold with its actions disabled", async ({ page }) => {
  await logIn(page, DEMO.seller);
  await page.goto(`/dashboard/adds/${DEMO.seller}`);
  const sold = page.getByRole("listitem").filter({ hasText: "Sold" });
  // Bea's three purchases (one in its window, one shipped, one to hand over), Lina's, disputed, and the three
  // reviewed sales of the demo — and any other journey's sale of his in this run.
  await expect(sold.nth(6)).toBeVisible();
  for (const name of [/Advertisement/, "Edit", "Delete"]) {
    await expect(sold.first().getByRole("button", { name })).toBeDisabled();
  }
});

test("a buyer who opens Add Advertisement is told why not and what to do", async ({ page }) => {
  await logIn(page, DEMO.buyer);
  await page.goto("/dashboard/post/add");
  await expect(page.getByText("yours is a buyer account")).toBeVisible();
  await expect(page.getByLabel("Resale price")).toHaveCount(0);
  // Pressing it would make the demo's buyer a seller for every other journey: accounts.spec.ts starts selling
  // from a new account.
  await expect(page.getByRole("button", { name: "Start selling" })).toBeVisible();
});
