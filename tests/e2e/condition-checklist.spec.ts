import { CONDITION_DEFINITIONS } from "../../schemas/condition-labels.ts";
import { registerSeller } from "./support/accounts.ts";
import { addPhotos, fillAdvertForm } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test, uniqueMobile } from "./support/fixtures.ts";
import { pngFile } from "./support/images.ts";

test("a seller ticks the checklist; the laptop's page lists it with the grade's definition, and Charger included filters", async ({
  page,
}) => {
  await registerSeller(page, "Chloe Checklist");
  const name = `Latitude checklist ${Date.now()}`;
  await page.goto("/dashboard/post/add");
  // Every grade's definition is there to read beside the choice.
  for (const definition of Object.values(CONDITION_DEFINITIONS)) await expect(page.getByText(definition)).toBeVisible();
  await fillAdvertForm(page, {
    name,
    brand: "Dell",
    originalPrice: "900",
    resalePrice: "450",
    yearsOfUse: "2",
    condition: "excellent",
    location: "Khulna",
    mobile: uniqueMobile(),
    description: "Barely used.",
  });
  const checklist = page.getByRole("group", { name: "What is true of this laptop" });
  for (const item of ["Screen without marks", "Hinges firm", "Charger included"]) {
    await checklist.getByRole("checkbox", { name: item }).check();
  }
  await addPhotos(page, [await pngFile()]);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Add Advertisement" }).click();
  await expect(page.getByText("Your laptop is posted.")).toBeVisible();

  await page.goto(`/allAdd?q=${encodeURIComponent(name)}&charger=true`);
  await expect(page.getByRole("checkbox", { name: /Charger included/ })).toBeChecked();
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expectAccessible(page);

  await card.getByRole("link", { name }).click();
  await expect(page.getByText(CONDITION_DEFINITIONS.excellent)).toBeVisible();
  const said = page.getByRole("region", { name: "What the seller says is true" });
  await expect(said.getByRole("listitem")).toHaveText(["Screen without marks", "Hinges firm", "Charger included"]);
  await expectAccessible(page);
});
