import { expectAccessible } from "./support/axe.ts";
import { DEMO, expect, hydrated, logIn, test } from "./support/fixtures.ts";

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
  // A price too good to be true is warned about before posting, and the warning goes with a real price.
  await page.getByLabel("Resale price ($)").fill("100");
  await expect(guidance).toContainText("under 40 % of what similar laptops sell for (median $305)");
  await expect(guidance).toContainText("held for review");
  await page.getByLabel("Resale price ($)").fill("290");
  await expect(guidance).toHaveText("Similar laptops sold for $291–$336 (median $305, from 10 sales)");

  // A buyer's view of one of them for sale below most of those sales.
  await page.goto("/allAdd?q=Latitude%205490&sort=price_asc");
  const cheapest = page.getByRole("article").first();
  await expect(cheapest).toContainText("$265");
  await expect(cheapest).toContainText("Great price");
  await cheapest.getByRole("link", { name: "Dell Latitude 5490" }).click();
  await expect(page.getByText("Based on 10 similar laptops sold in the last 12 months")).toBeVisible();
  // The same range under the price, and the sales behind it on a chart when opened.
  const worth = page.getByText("Similar laptops sold for $291–$336 (median $305, 10 sales in the last 12 months)");
  await worth.click();
  await expect(page.getByRole("img", { name: /^10 sales of similar laptops over the last 12 months/ })).toBeVisible();
});

test("a visitor asks what their laptop is worth, sees the range and the chart, and sells it with the form filled in", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page); // followed in the page, so focus moves to the new page's heading
  await page.getByRole("link", { name: "What's my laptop worth?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What's my laptop worth?" })).toBeFocused();
  // Refused without a word typed: each field says what it needs, and focus goes to the first.
  await page.getByRole("button", { name: "Show what it is worth" }).click();
  await expect(page.getByLabel("Processor", { exact: true })).toBeFocused();
  await expect(page.getByText("Processor is required")).toBeVisible();

  // A processor the list does not know is named as such, in this page's words (nothing is listed here).
  await page.getByLabel("Processor", { exact: true }).fill("Quantum X9000");
  await expect(page.getByText("We don't recognise this processor: pick one of the suggestions")).toBeVisible();
  await page.getByLabel("Processor", { exact: true }).fill("i5-8250U");
  await page.getByLabel("RAM (GB)").fill("8");
  await page.getByLabel("Storage (GB)").fill("256");
  await page.getByLabel("Condition").selectOption("good");
  await page.getByLabel("Year of use").fill("3");
  await page.getByRole("button", { name: "Show what it is worth" }).click();
  await expect(
    page.getByText("Similar laptops sold for $291–$336 (median $305, 10 sales in the last 12 months)"),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: /^10 sales of similar laptops over the last 12 months/ })).toBeVisible();
  await expectAccessible(page);

  // Selling needs an account: the demo seller signs in and lands on the post form, filled in from the question.
  await page.getByRole("link", { name: "Sell it" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(DEMO.seller);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Add Advertisement" })).toBeVisible();
  await expect(page.getByLabel("Processor", { exact: true })).toHaveValue("i5-8250U");
  await expect(page.getByLabel("RAM (GB)")).toHaveValue("8");
  await expect(page.getByLabel("Condition")).toHaveValue("good");
  await expect(page.getByLabel("Year of use")).toHaveValue("3");
});
