import { DEMO, expect, logIn, test } from "./support/fixtures.ts";

test("a seller sees what similar laptops sold for while filling the form, and buyers see the price badges", async ({
  page,
}) => {
  await logIn(page, DEMO.seller);
  await page.getByRole("link", { name: "Post Add" }).click();
  await expect(page.getByRole("heading", { name: "Add Advertisement" })).toBeVisible();
  const guidance = page.getByRole("status", { name: "Price guidance" });

  // The demo's sales history: ten 8th-generation Core i5 laptops (8 GB, 256 GB, good) sold this year.
  await page.getByLabel("Brand").selectOption({ label: "Dell" });
  await page.getByLabel("Processor", { exact: true }).fill("Intel Core i5-8250U");
  await page.getByLabel("RAM (GB)").fill("8");
  await page.getByLabel("Storage (GB)").fill("256");
  await page.getByLabel("Condition").selectOption("good");
  await expect(page.getByText(/Similar laptops/)).toHaveCount(0);
  await page.getByLabel("Year of use").fill("3");
  await expect(guidance).toHaveText("Similar laptops sold for $291–$336 (median $305, from 10 sales)");

  // A configuration nobody sold or lists: nothing is said.
  await page.getByLabel("RAM (GB)").fill("64");
  await expect(guidance).toHaveText("");

  // The processor picked from its suggestions (no typing after it): the guidance follows it too.
  await page.getByLabel("RAM (GB)").fill("8");
  const processor = page.getByLabel("Processor", { exact: true });
  await processor.fill("Quantum X9000");
  await expect(
    page.getByText("We don't recognise this processor; it will be listed without a performance tier"),
  ).toBeVisible();
  await processor.fill("core i5 82");
  await expect(guidance).toHaveText("");
  // Not a processor yet, but the start of some: the field says to pick one rather than that it is unknown.
  await expect(page.getByText(/^Not recognised yet: pick a suggestion for a performance tier/)).toBeVisible();
  await page.getByRole("option", { name: /Intel Core i5-8250U/ }).click();
  await expect(processor).toHaveValue("Intel Core i5-8250U");
  await expect(page.getByText(/^Recognised: Intel Core i5-8250U/)).toBeVisible();
  await expect(guidance).toHaveText("Similar laptops sold for $291–$336 (median $305, from 10 sales)");

  // A buyer's view of one of them for sale below most of those sales.
  await page.goto("/allAdd?q=Latitude%205490&sort=price_asc");
  const cheapest = page.getByRole("article").first();
  await expect(cheapest).toContainText("$265");
  await expect(cheapest).toContainText("Great price");
  await cheapest.getByRole("link", { name: "Dell Latitude 5490" }).click();
  await expect(page.getByText("Based on 10 similar laptops sold in the last 12 months")).toBeVisible();
});
