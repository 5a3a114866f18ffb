import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { registerSeller } from "./support/accounts.ts";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, hydrated, test } from "./support/fixtures.ts";

test("a seller downloads their data: asked on the profile, prepared in the background, a ZIP with their account, advert and photo", async ({
  page,
}) => {
  test.slow(); // a sign-up, then a job on the queue
  const stamp = Date.now().toString(36);
  const email = await registerSeller(page, "Ezra Export");
  const laptop = `Ezra's Latitude ${stamp}`;
  const advertId = await postLaptopThroughApi(page, {
    name: laptop,
    brand: "Dell",
    description: "A laptop to find again in a ZIP.",
  });

  await page.goto("/profile");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Download my data" });
  await section.getByRole("button", { name: "Download my data" }).click();
  // Being prepared — or already ready: the server's workers poll every two seconds and may finish first.
  const link = section.getByRole("link", { name: "Download (ZIP)" });
  await expect(section.getByText("We're preparing your data. We'll tell you when it's ready.").or(link)).toBeVisible();
  await expectAccessible(page);

  // The job runs on the server's workers: the profile shows the link once it is ready.
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(section.getByText(/^Available until /)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^relaptop-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const read = (name: string) => JSON.parse(new TextDecoder().decode(files[name]));
  expect(read("account.json")).toMatchObject({ name: "Ezra Export", email, role: "seller" });
  expect(read("adverts.json")).toEqual([expect.objectContaining({ id: advertId, name: laptop, priceCents: 50_000 })]);
  expect(files[`photos/${advertId}/1.webp`]?.length).toBeGreaterThan(0);
  expect(new TextDecoder().decode(files["README.txt"])).toContain("Your data from ReLaptop");
});
