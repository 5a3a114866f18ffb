import { BASE_URL } from "../../playwright.config.ts";
import { NEW_ACCOUNT_PASSWORD, signUpBuyer } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, fieldError, hydrated, logIn, test, uniqueEmail } from "./support/fixtures.ts";
import { lastMailTo, linkIn } from "./support/mail.ts";

// Waits for the job queue to deliver two emails, and signs in twice (scrypt).
test.describe.configure({ timeout: 60_000 });

test("change the email from the profile → the link sent to the new address → sign in with the new address", async ({
  page,
  browser,
}) => {
  const oldEmail = uniqueEmail("mover");
  await signUpBuyer(page, "Mo Mover", oldEmail);
  const newEmail = uniqueEmail("moved");

  await page.goto("/profile");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Change email" });
  await expect(section).toBeVisible();
  await expectAccessible(page);

  // Refusals under their fields: the same address, then a wrong password.
  await section.getByLabel("New email address").fill(oldEmail);
  await section.getByLabel("Your password").fill(NEW_ACCOUNT_PASSWORD);
  await section.getByRole("button", { name: "Send the link" }).click();
  await expect(fieldError(page, "This is already your email address")).toBeVisible();
  await section.getByLabel("New email address").fill(newEmail);
  await section.getByLabel("Your password").fill("not-my-password");
  await section.getByRole("button", { name: "Send the link" }).click();
  await expect(fieldError(page, "That is not your password")).toBeVisible();

  await section.getByLabel("Your password").fill(NEW_ACCOUNT_PASSWORD);
  await section.getByRole("button", { name: "Send the link" }).click();
  await expect(section.getByText(`Link sent to ${newEmail}`)).toBeVisible();
  // Nothing changes until the link is followed.
  await page.reload();
  await expect(page.getByText(`${oldEmail} · Buyer`)).toBeVisible();

  // The old address is told, the new one has the link.
  const notice = await lastMailTo(oldEmail, "Your ReLaptop email address is being changed");
  expect(notice.text).toContain(
    `Your ReLaptop email is being changed to m***@e2e.test; if this was not you, change your password`,
  );
  const mail = await lastMailTo(newEmail, "Confirm your new ReLaptop email address");
  const link = linkIn(mail, `${BASE_URL}/account/email/confirm?token=`);

  // Followed from another browser (the new inbox may be on a phone): opening it changes nothing (mail scanners
  // open links too); the button does, once.
  const other = await (await browser.newContext()).newPage();
  await other.goto(link);
  await expectAccessible(other);
  await other.getByRole("button", { name: "Confirm my new email address" }).click();
  await expect(other.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  await expectAccessible(other);
  await other.goto(link);
  await other.getByRole("button", { name: "Confirm my new email address" }).click();
  await expect(other.getByText(/This link does not work/)).toBeVisible();

  // This session keeps working and shows the new address; the new address signs in.
  await page.reload();
  await expect(page.getByText(`${newEmail} · Buyer`)).toBeVisible();
  await logIn(other, newEmail, NEW_ACCOUNT_PASSWORD);
  await other.goto("/profile");
  await expect(other.getByText(`${newEmail} · Buyer`)).toBeVisible();
  await other.context().close();
});
