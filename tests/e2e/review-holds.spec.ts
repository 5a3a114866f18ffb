import { SAMS_DEMO_MOBILE } from "../../seed/demo-suspicious.ts";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { DEMO, expect, hydrated, logIn, openFromDashboardMenu, signedInPage, test } from "./support/fixtures.ts";

test("an advert with another seller's phone is held; an admin approves it and it appears in the catalogue", async ({
  page,
  browser,
}) => {
  // Rafi posts a laptop with Sam's phone number (through the API: posting has its own journey).
  await logIn(page, "rafi@relaptop.test");
  const name = `Held notebook ${Date.now().toString(36)}`;
  const id = await postLaptopThroughApi(page, {
    name,
    brand: "Acer",
    description: "Posted with a number that is on another seller's adverts.",
    mobile: SAMS_DEMO_MOBILE,
  });

  // Its seller sees it waiting, and why; nobody else can open it.
  await page.goto("/dashboard/adds/rafi@relaptop.test");
  const mine = page.getByRole("listitem").filter({ hasText: name });
  await expect(mine.getByText("Pending review", { exact: true })).toBeVisible();
  await expect(mine.getByText("Its mobile number is on other sellers' adverts.")).toBeVisible();
  await expect(mine.getByRole("button", { name: "Add To Advertisement" })).toBeDisabled();
  const visitor = await (await browser.newContext()).newPage();
  const hidden = await visitor.goto(`/laptops/${id}`);
  expect(hidden?.status()).toBe(404);
  // Its own page says so, to its seller, without the buying buttons.
  await page.goto(`/laptops/${id}`);
  await expect(page.getByRole("status").filter({ hasText: "Pending review" })).toContainText(
    "Only you and the admins can open this page.",
  );
  await expect(page.getByRole("button", { name: "Book Now" })).toHaveCount(0);
  await expect(page.getByText("Available", { exact: true })).toHaveCount(0);

  const admin = await signedInPage(browser, DEMO.admin);
  await openFromDashboardMenu(admin, "Reported Items");
  await expect(admin.getByRole("heading", { name: "Held for review" })).toBeVisible();
  const held = admin.getByRole("listitem").filter({ hasText: name });
  await expect(held).toContainText(/Strong: Mobile number …0001 is also on adverts of .*Sam Seller/);
  // Its seller's record beside it: Rafi's adverts, sales, reports and how old his account is.
  await expect(held).toContainText(/\d+ adverts? · \d+ completed sales? · \d+ reports? · account \d+ \w+ old/);
  // The admin opens it first: its page, which only its seller and admins may see.
  await held.getByRole("link", { name }).click();
  await expect(admin.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(admin.getByRole("status").filter({ hasText: "Pending review" })).toContainText(
    "Only its seller and the admins can open this page.",
  );
  await admin.goBack();
  await hydrated(admin);
  // Approve asks first; Escape changes nothing and gives focus back to the button.
  const approve = held.getByRole("button", { name: "Approve" });
  await approve.click();
  const asked = admin.getByRole("dialog", { name: `Approve ${name}?` });
  await expect(asked).toContainText("It becomes public at once");
  await admin.keyboard.press("Escape");
  await expect(asked).toHaveCount(0);
  await expect(approve).toBeFocused();
  await expect(held).toHaveCount(1);
  await approve.click();
  await asked.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Approved: the advert is public.")).toBeVisible();
  await expect(held).toHaveCount(0);
  // Focus moved to the row now in its place (or the heading), not back to the top of the page.
  await expect.poll(() => admin.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);

  await visitor.goto(`/allAdd?q=${encodeURIComponent(name)}`);
  await visitor.locator("article h3 a", { hasText: name }).click();
  await expect(visitor.getByRole("heading", { level: 1, name })).toBeVisible();

  // Its seller is told.
  await page.goto("/dashboard/notifications");
  await expect(page.getByText(`Advert published: ${name}`)).toBeVisible();
});

test("a copied photo is shown beside the original, each with a link to its advert", async ({ page }) => {
  await logIn(page, DEMO.admin);
  await page.goto("/dashboard/reported-items");
  const copy = page.getByRole("listitem").filter({ hasText: "ThinkPad T490 like new" });
  const pair = copy.getByRole("region", { name: "Same photo: ThinkPad T490 like new and Lenovo T490 14-inch" });
  await expect(pair.getByRole("img")).toHaveCount(2);
  await expect(pair.getByRole("img", { name: "Photo in Lenovo T490 14-inch" })).toBeVisible();
  await pair.getByRole("link", { name: "Lenovo T490 14-inch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lenovo T490 14-inch" })).toBeVisible();
});

test("an admin records a stolen serial; a laptop posted with it is held, its seller told only that it needs a check", async ({
  page,
  browser,
}) => {
  const serial = `SN-${Date.now().toString(36).toUpperCase()}`;
  const reason = `Police reference ${serial.slice(3)}`;
  const admin = await signedInPage(browser, DEMO.admin);
  await openFromDashboardMenu(admin, "Stolen serials");
  await hydrated(admin);
  const form = admin.getByRole("form", { name: "Record a stolen serial number" });
  // Spaces and dashes do not matter: the seller below types it plainly.
  await form.getByLabel("Serial number").fill(serial);
  await form.getByLabel("Where the report comes from").fill(reason);
  await form.getByRole("button", { name: "Record as stolen" }).click();
  const row = admin.getByRole("row").filter({ hasText: reason });
  await expect(row).toBeVisible();
  await expect(form.getByLabel("Serial number")).toHaveValue("");

  await logIn(page, "rafi@relaptop.test");
  const name = `Stolen-serial notebook ${Date.now().toString(36)}`;
  await postLaptopThroughApi(page, {
    name,
    brand: "Acer",
    description: "Posted with a serial number an admin recorded as stolen.",
    serialNumber: serial.replace("-", " ").toLowerCase(),
  });
  await page.goto("/dashboard/adds/rafi@relaptop.test");
  const mine = page.getByRole("listitem").filter({ hasText: name });
  await expect(mine.getByText("Pending review", { exact: true })).toBeVisible();
  await expect(mine.getByText("Its serial number needs a check by our team.")).toBeVisible();
  // A thief is not told what was found.
  await expect(mine).not.toContainText(reason);

  await openFromDashboardMenu(admin, "Reported Items");
  const held = admin.getByRole("listitem").filter({ hasText: name });
  await expect(held).toContainText(`Its serial number was reported stolen on`);
  await expect(held).toContainText(reason);

  // Taking it off the list asks first.
  await openFromDashboardMenu(admin, "Stolen serials");
  await hydrated(admin);
  await row.getByRole("button", { name: /^Take off the list/ }).click();
  const asked = admin.getByRole("dialog", { name: "Take this serial number off the stolen list?" });
  await asked.getByRole("button", { name: "Take off the list" }).click();
  await expect(row).toHaveCount(0);
});
