import { distinctPhoto } from "../../seed/demo-images.ts";
import { registerSeller } from "./support/accounts.ts";
import { addPhotos, fillAdvertForm } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import { DEMO, expect, hydrated, openFromDashboardMenu, signedInPage, test, uniqueMobile } from "./support/fixtures.ts";
import { pngFile } from "./support/images.ts";

test("a seller sends a proof photo with their code; an admin approves it, and the card shows In hand", async ({
  page,
  browser,
}) => {
  await registerSeller(page, "Ines Inhand");
  const name = `ThinkPad X13 in hand ${Date.now()}`;
  await page.goto("/dashboard/post/add");
  await fillAdvertForm(page, {
    name,
    brand: "Lenovo",
    originalPrice: "1100",
    resalePrice: "600",
    yearsOfUse: "2",
    condition: "good",
    location: "Khulna",
    mobile: uniqueMobile(),
    description: "Works well; photographed beside my code.",
  });
  await addPhotos(page, [await pngFile()]);
  // The form shows the seller's code, to write on paper and photograph beside the laptop.
  const { code } = (await (await page.request.get("/api/proof-code")).json()) as { code: string };
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  const proof = await distinctPhoto(code, Date.now() % 100_000);
  await page
    .getByLabel("Proof photo (optional)")
    .setInputFiles({ name: "proof.jpg", mimeType: "image/webp", buffer: proof });
  await page.getByRole("button", { name: "Add Advertisement" }).click();
  await expect(page.getByText("Your laptop is posted.")).toBeVisible();

  // The admin sees the photo and the code it should show, beside the advert's cover.
  const admin = await signedInPage(browser, DEMO.admin);
  await openFromDashboardMenu(admin, "Proof photos");
  await hydrated(admin);
  const item = admin.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText(code);
  const photo = item.getByRole("img", { name: `${name} beside the code, as its seller sent it` });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(admin);
  // Reject needs a reason; Approve gives the badge.
  await item.getByRole("button", { name: /^Reject/ }).click();
  await expect(item.getByText("Reason is required")).toBeVisible();
  await item.getByRole("button", { name: /^Approve/ }).click();
  await expect(admin.getByText("Approved: the advert shows In hand.")).toBeVisible();
  await expect(item).toHaveCount(0);

  // Buyers see it on the card, by the filter, and on the laptop's page.
  await page.goto(`/allAdd?q=${encodeURIComponent(name)}&inHand=true`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card.getByText("In hand", { exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^In hand/ })).toBeChecked();
  await card.getByRole("link", { name }).click();
  await expect(page.getByText("Its seller showed our team a photo of it beside a one-time code.")).toBeVisible();
  await expectAccessible(page);
  // Its edit form says so instead of asking again.
  const id = new URL(page.url()).pathname.split("/").pop();
  await page.goto(`/dashboard/post/edit/${id}`);
  await expect(page.getByText("In hand: our team checked the proof photo.")).toBeVisible();
  await expect(page.getByLabel("Proof photo (optional)")).toHaveCount(0);
});
