import { expect, test, uniqueEmail } from "./support/fixtures.ts";
import { pngFile } from "./support/images.ts";
import { tabTo, typeThenTab } from "./support/keyboard.ts";

test("a seller registers and posts an advert with a photo using only the keyboard", async ({ page }) => {
  await page.goto("/register/seller");
  const name = page.getByLabel("Name");
  await tabTo(page, name);
  await typeThenTab(page, "Kim Keyboard", page.getByLabel("Email"));
  await typeThenTab(page, uniqueEmail("keys"), page.getByLabel("Password"));
  await page.keyboard.type("Abcdef1!");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Your seller account is ready")).toBeVisible();

  await page.goto("/");
  const postAdd = page.getByRole("link", { name: "Post Add" });
  await tabTo(page, postAdd);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Add Advertisement" })).toBeVisible();

  const form = page.getByRole("main");
  await tabTo(page, form.getByLabel("Name"));
  await typeThenTab(page, "HP EliteBook 840 G8", form.getByLabel("Brand"));
  // A native select answers to typing its option's name.
  await page.keyboard.type("HP");
  await expect(form.getByLabel("Brand")).toHaveValue(/.+/);
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Original price ($)")).toBeFocused();
  await typeThenTab(page, "1200", form.getByLabel("Resale price ($)"));
  await typeThenTab(page, "640", form.getByLabel("Year of use"));
  await typeThenTab(page, "2", form.getByLabel("Condition"));
  await page.keyboard.type("good");
  await expect(form.getByLabel("Condition")).toHaveValue("good");
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Location")).toBeFocused();
  await typeThenTab(page, "Chattogram", form.getByLabel("Mobile number"));
  await typeThenTab(page, "01712345678", form.getByLabel("Description"));
  await page.keyboard.type("Typed without a mouse; the battery holds six hours.");

  // The optional specifications are passed over; the file chooser is the one thing a keyboard cannot type.
  const photos = form.getByLabel("Photos");
  await tabTo(page, photos);
  await photos.setInputFiles(await pngFile("keys.png"));
  const submit = form.getByRole("button", { name: "Add Advertisement" });
  await tabTo(page, submit, 3);
  await page.keyboard.press("Enter");

  await expect(page.getByText("Your laptop is posted.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Products" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "HP EliteBook 840 G8" })).toBeVisible();
});
