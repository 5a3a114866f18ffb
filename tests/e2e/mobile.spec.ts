import { DEMO, expect, logIn, test } from "./support/fixtures.ts";

test("on a phone the menu and the dashboard drawer work", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Post Add" })).toBeHidden();
  await page.getByLabel("Open menu").click();
  await page.getByRole("link", { name: "Blogs" }).first().click();
  await expect(page).toHaveURL(/\/blogs$/);

  await logIn(page, DEMO.admin);
  await page.goto("/dashboard");
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Dashboard menu" }).click();
  await menu.getByRole("link", { name: "All Brands" }).click();
  await expect(page.getByRole("heading", { name: "All Brands" })).toBeVisible();
});
