import type { Page } from "@playwright/test";
import { sendSignUp } from "./support/accounts.ts";
import { postLaptopThroughForm } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import { DEMO, expect, logIn, openFromDashboardMenu, test } from "./support/fixtures.ts";
import { lastMailTo } from "./support/mail.ts";

const bell = (page: Page, name: string) => page.getByRole("banner").getByRole("link", { name, exact: true });

async function signUp(page: Page, name: string, path: "/signUp" | "/register/seller") {
  const email = await sendSignUp(page, name, { seller: path === "/register/seller" });
  await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeVisible();
  return email;
}

/** "Save this search" is a button beside the results that opens its small form. */
async function openSaveSearch(page: Page) {
  await page.locator("summary", { hasText: "Save this search" }).click();
  const form = page.getByRole("form", { name: "Save this search" });
  await expect(form.getByLabel("Name")).toBeFocused();
  return form;
}

const postLaptop = (page: Page, laptop: string, price: string) =>
  postLaptopThroughForm(page, {
    name: laptop,
    brand: "Lenovo",
    originalPrice: "1200",
    resalePrice: price,
    yearsOfUse: "1",
    condition: "excellent",
    location: "Dhaka",
    description: "Barely used, with its box.",
  });

test("a buyer saves a search; a laptop another seller posts raises their bell live and the alert opens it", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, two sign-ups and an advert posted
  const word = `zen${Date.now().toString(36)}`;
  const buyerEmail = await signUp(page, "Sia Saver", "/signUp");

  await page.goto(`/allAdd?q=${word}&maxPrice=700`);
  const save = await openSaveSearch(page);
  await expect(save.getByLabel("Name")).toHaveValue(`${word} · under $700`);
  await save.getByLabel("Name").fill(`My ${word} hunt`);
  await save.getByRole("button", { name: "Save this search" }).click();
  await expect(save.getByRole("status")).toContainText(`Saved as “My ${word} hunt”.`);
  await expect(bell(page, "Notifications")).toBeVisible();

  // Another person, in another browser, posts a laptop that matches (and one that costs too much).
  const seller = await (await browser.newContext()).newPage();
  await signUp(seller, "Sol Seller", "/register/seller");
  await postLaptop(seller, `Lenovo Yoga ${word}`, "650");
  await postLaptop(seller, `Lenovo Yoga ${word} Pro`, "900");

  // No reload: the count arrives as a server-sent event once the queue has matched the laptop.
  await expect(bell(page, "Notifications, 1 unread")).toBeVisible({ timeout: 20_000 });
  await bell(page, "Notifications, 1 unread").click();
  const entry = page.getByRole("listitem").filter({ hasText: `New match: Lenovo Yoga ${word}` });
  await expect(entry).toContainText(`$650 · for your saved search “My ${word} hunt”.`);
  await entry.getByRole("button").click();
  await expect(page.getByRole("heading", { level: 1, name: `Lenovo Yoga ${word}` })).toBeVisible();

  // And one email listing it.
  const mail = await lastMailTo(buyerEmail, `New match for “My ${word} hunt”: Lenovo Yoga ${word}`);
  expect(mail.text).toContain(`Lenovo Yoga ${word} ($650)`);
});

test("the saved-searches page opens, renames, sets alerts and deletes — and is accessible", async ({ page }) => {
  await signUp(page, "Ola Organiser", "/signUp");
  await page.goto("/allAdd?condition=excellent&minRam=16&sort=price_asc");
  const save = await openSaveSearch(page);
  await expect(save.getByLabel("Name")).toHaveValue("16 GB+ · excellent");
  await save.getByRole("button", { name: "Save this search" }).click();
  await expect(save.getByRole("status")).toContainText("Saved as “16 GB+ · excellent”.");

  // An empty name is refused under the field, on the dashboard.
  await openFromDashboardMenu(page, "Saved searches");
  await expect(page.getByRole("heading", { level: 1, name: "Saved searches" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: "16 GB+ · excellent" });
  await expect(item.getByLabel("Alerts")).toHaveValue("instant");
  // Named as suggested, its filters are said once (the heading), not again beneath it.
  await expect(item.locator("p").filter({ hasText: /^16 GB\+ · excellent$/ })).toHaveCount(0);
  await expectAccessible(page);

  await item.getByLabel("Name").fill(" ");
  await item.getByRole("button", { name: /^Rename/ }).click();
  await expect(item.getByText("Name cannot be empty")).toBeVisible();
  await expect(item.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await item.getByLabel("Name").fill("Fast and mint");
  await item.getByRole("button", { name: /^Rename/ }).click();
  await expect(page.getByText("Renamed to “Fast and mint”.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Fast and mint" })).toBeVisible();
  const renamed = page.getByRole("listitem").filter({ hasText: "Fast and mint" });
  await expect(renamed.locator("p").filter({ hasText: /^16 GB\+ · excellent$/ })).toHaveCount(1);

  await renamed.getByLabel("Alerts").selectOption("daily");
  await renamed.getByRole("button", { name: /^Save alerts/ }).click();
  await expect(page.getByText("Alerts: Daily.")).toBeVisible();
  await page.reload();
  await expect(renamed.getByLabel("Alerts")).toHaveValue("daily");

  await renamed.getByRole("link", { name: /^Open/ }).click();
  await expect(page).toHaveURL(/\/allAdd\?condition=excellent&minRam=16&sort=price_asc$/);
  await expect(page.getByRole("heading", { level: 1, name: "All laptops" })).toBeVisible();

  await page.goto("/dashboard/saved-searches");
  const remove = page
    .getByRole("listitem")
    .filter({ hasText: "Fast and mint" })
    .getByRole("button", { name: /^Delete/ });
  // Asked first: Cancel keeps it, and focus goes back to its Delete button.
  await remove.click();
  const ask = page.getByRole("dialog", { name: "Delete “Fast and mint”?" });
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toHaveCount(0);
  await expect(remove).toBeFocused();
  await remove.click();
  await ask.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Saved search deleted.")).toBeVisible();
  await expect(page.getByText("Nothing saved yet.")).toBeVisible();
  await expectAccessible(page);
});

test("visitors see no Save this search; the demo buyer has saved searches", async ({ page }) => {
  await page.goto("/allAdd");
  await expect(page.getByRole("heading", { level: 1, name: "All laptops" })).toBeVisible();
  await expect(page.getByText("Save this search")).toHaveCount(0);

  await logIn(page, DEMO.buyer);
  await page.goto("/dashboard/saved-searches");
  await expect(page.getByRole("heading", { level: 2, name: "thinkpad · Lenovo" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Dell · under $600" })).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "Core i5 · 8 GB+ · 256 GB+ SSD · battery 80%+" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "in hand" })).toBeVisible();
  // What the seller posted since: every match, each with the search it matched.
  await page.getByRole("link", { name: "See every new match" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Matches for your saved searches" })).toBeVisible();
  const main = page.getByRole("main");
  const row = (name: string) => main.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
  await expect(row("Lenovo ThinkPad X13 Gen 2")).toContainText("For “thinkpad · Lenovo”");
  await expect(row("Dell Latitude 5420")).toContainText("For “Dell · under $600”");
  // Sam's laptop, matched for In hand when its proof was approved.
  await expect(row("Acer TravelMate P2")).toContainText("For “in hand”");
});
