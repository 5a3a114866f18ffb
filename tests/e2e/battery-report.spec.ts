import { readFileSync } from "node:fs";
import { registerSeller } from "./support/accounts.ts";
import { addPhotos, fillAdvertForm } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test, uniqueMobile } from "./support/fixtures.ts";
import { pngFile } from "./support/images.ts";

/** upower's report (tests/fixtures/battery-reports), written today: reports over 30 days old are refused. */
const upowerToday = () =>
  readFileSync(new URL("../fixtures/battery-reports/linux-upower.txt", import.meta.url), "utf8").replace(
    "Sat 28 Nov 2026 10:15:32 AM UTC",
    new Date().toUTCString(),
  );
const file = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

test("a seller uploads a battery report and the card shows it verified", async ({ page }) => {
  await registerSeller(page, "Bettina Battery");
  const name = `ThinkPad T14 battery ${Date.now()}`;
  await page.goto("/dashboard/post/add");
  await fillAdvertForm(page, {
    name,
    brand: "Lenovo",
    originalPrice: "900",
    resalePrice: "450",
    yearsOfUse: "2",
    condition: "good",
    location: "Khulna",
    mobile: uniqueMobile(),
    description: "Works well, with its charger.",
  });
  await page.getByLabel("Battery health (%)").fill("95");
  await addPhotos(page, [await pngFile()]);

  // A file that is not a battery report is refused on its field, in words that say what to upload.
  const report = page.getByLabel("Battery report (optional)");
  await report.setInputFiles(file("notes.txt", "My battery is great, trust me."));
  await page.getByRole("button", { name: "Add Advertisement" }).click();
  await expect(page.getByText("This file is not a battery report we can read.")).toBeVisible();
  await expectAccessible(page);

  await report.setInputFiles(file("battery.txt", upowerToday()));
  await page.getByRole("button", { name: "Add Advertisement" }).click();
  await expect(page.getByText("Your laptop is posted.")).toBeVisible();

  // The card says the report's figures, not the typed 95 %.
  await page.goto(`/allAdd?q=${encodeURIComponent(name)}&batteryVerified=true`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card).toContainText("Battery verified: 87 % · 312 cycles");
  await expect(card).not.toContainText("Battery 95%");
  await expect(page.getByRole("checkbox", { name: "Battery verified" })).toBeChecked();

  await card.getByRole("link", { name }).click();
  await expect(
    page.getByText(/Battery verified: 87 % · 312 cycles, report of \d{1,2} [A-Z][a-z]{2} \d{4}/),
  ).toBeVisible();
  await expect(page.getByText("From the laptop's own Linux upower (SMP 5B10W13975)")).toBeVisible();
  await expectAccessible(page);
});
