import type { FileChooser, Page } from "@playwright/test";
import { pickedPhotos } from "./support/adverts.ts";
import { expect, test, uniqueEmail } from "./support/fixtures.ts";
import { pngFile } from "./support/images.ts";
import { tabTo, typeThenTab } from "./support/keyboard.ts";

/**
 * The next file chooser the page opens. Playwright turns interception on when the first listener is added, by a
 * message of its own: so the listener is added as the test starts, long before Enter. Added just before (as it
 * was), on a loaded runner the Enter overtook it: Chromium then opened a real chooser, which nobody answers, and
 * refused every later one while it was open (CI failed so, even pressing Enter three times).
 */
function nextFileChooser(page: Page): Promise<FileChooser> {
  return new Promise((resolve) => page.once("filechooser", resolve));
}

test("a seller registers and posts an advert with a photo using only the keyboard", async ({ page }) => {
  const fileChooser = nextFileChooser(page);
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

  // The optional specifications are passed over. "Add photos" opens the file chooser (the one thing a keyboard
  // cannot type); the photos are then ordered with their Move buttons, focus staying on the moved photo.
  const addPhotos = form.getByRole("button", { name: "Add photos" });
  await tabTo(page, addPhotos);
  await page.keyboard.press("Enter");
  await (await fileChooser).setFiles([await pngFile("side.png"), await pngFile("keys.png", "#a26")]);
  await expect(pickedPhotos(page)).toHaveCount(2);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(pickedPhotos(page).first()).toContainText("side.png");
  const earlier = form.getByRole("button", { name: "Move earlier: keys.png" });
  await tabTo(page, earlier, 120);
  await page.keyboard.press("Enter");
  // keys.png is the cover now; at the first place its "Move earlier" is disabled, so "Move later" has focus.
  await expect(pickedPhotos(page).first()).toContainText("keys.png");
  await expect(pickedPhotos(page).first()).toContainText("Cover");
  await expect(form.getByRole("button", { name: "Move later: keys.png" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(pickedPhotos(page).first()).toContainText("side.png");
  await expect(form.getByRole("button", { name: "Move earlier: keys.png" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("button", { name: "Move later: keys.png" })).toBeFocused();
  const submit = form.getByRole("button", { name: "Add Advertisement" });
  await tabTo(page, submit, 12);
  await page.keyboard.press("Enter");

  await expect(page.getByText("Your laptop is posted.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Products" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "HP EliteBook 840 G8" })).toBeVisible();
});
