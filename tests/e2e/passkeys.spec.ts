import type { Page } from "@playwright/test";
import { PASSKEY_MESSAGES } from "../../schemas/passkeys.ts";
import { expectAccessible } from "./support/axe.ts";
import { answerDialog, DEMO, expect, hydrated, test, userMenu } from "./support/fixtures.ts";
import { lastMailTo, MAIL_SMTP_PORT } from "./support/mail.ts";
import { OWN_SERVER_PORTS, type OwnServer, startOwnServer } from "./support/own-server.ts";

/**
 * Passkeys with Chromium's virtual authenticator: the demo buyer adds one on the profile (and is emailed), signs
 * out, signs in with it from /login (by keyboard), renames it, removes it (emailed again), and then it signs
 * nobody in.
 *
 * On a server of its own, as the demo runs it (no PUBLIC_URL: http://localhost:PORT): browsers refuse WebAuthn
 * on an IP address, and the other journeys' server is http://127.0.0.1:PORT.
 */

// A cold start (a fresh embedded database, migrated and seeded), one server for the file, as first-address.spec.ts.
test.describe.configure({ mode: "default", timeout: 180_000 });

let own: OwnServer;
let site: string;

test.beforeAll(async () => {
  // Seeding the demo takes most of a minute on a busy machine.
  test.setTimeout(180_000);
  own = await startOwnServer({
    ports: OWN_SERVER_PORTS.passkeys,
    host: "127.0.0.1",
    siteHost: "localhost",
    // The run's mail server: the buyer is emailed when a passkey is added or removed.
    env: () => ({ HOST: "127.0.0.1", LOG_LEVEL: "warn", SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}` }),
    unset: ["PUBLIC_URL", "DATABASE_URL", "SEED_DEMO", "REDIS_URL"],
  });
  site = own.site;
});

test.afterAll(() => own.stop());

/** A platform authenticator that holds passkeys and verifies its user, as a laptop's fingerprint reader does. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

async function logInWithPassword(page: Page) {
  await page.goto(`${site}/login`);
  await hydrated(page);
  await page.getByLabel("Email").fill(DEMO.buyer);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Successfully login!")).toBeVisible();
}

async function logOut(page: Page) {
  await userMenu(page, "Bea Buyer").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Successfully Signed Out!")).toBeVisible();
}

/** The text of the buyer's last "How you sign in to ReLaptop changed" email. */
const signInChangeMail = async () => (await lastMailTo(DEMO.buyer, "How you sign in to ReLaptop changed")).text;

/** "Sign in with a passkey", pressed from the keyboard. */
async function signInWithPasskey(page: Page) {
  await page.goto(`${site}/login?redirectTo=%2Fprofile`);
  await hydrated(page);
  const button = page.getByRole("button", { name: "Sign in with a passkey" });
  await button.focus();
  await page.keyboard.press("Enter");
}

test("add a passkey on the profile, sign in with it, rename it, remove it: then it signs nobody in", async ({
  page,
}) => {
  await virtualAuthenticator(page);
  await logInWithPassword(page);

  // The demo buyer's profile is passkey-ready: what a passkey is, and the button.
  await page.goto(`${site}/profile`);
  await hydrated(page);
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText(PASSKEY_MESSAGES.about)).toBeVisible();
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
  await expectAccessible(page);

  // Named after this device to start with; a blank name is refused under the field.
  await section.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  await expect(dialog.getByLabel("Passkey name")).toHaveValue("Chrome on Windows");
  await expectAccessible(page);
  await dialog.getByLabel("Passkey name").fill("   ");
  await dialog.getByRole("button", { name: "Add the passkey" }).click();
  await expect(dialog.getByText(PASSKEY_MESSAGES.nameRequired)).toBeVisible();
  await dialog.getByLabel("Passkey name").fill("My laptop");
  await dialog.getByRole("button", { name: "Add the passkey" }).click();
  await expect(dialog).toBeHidden();
  const item = section.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "My laptop" }) });
  await expect(item).toBeVisible();
  await expect(item.getByText(/^Added /)).toBeVisible();
  await expectAccessible(page);
  // Its owner is told by email (whoever holds a stolen session cannot add one quietly).
  await expect.poll(signInChangeMail, { timeout: 20_000 }).toContain("A passkey was added");

  // Signed out, the passkey signs the buyer in and lands where a password would have.
  await logOut(page);
  await signInWithPasskey(page);
  // The prompt, the answer, the login page's action, then the profile: more than a step's 5 s on a busy machine.
  await expect(page).toHaveURL(`${site}/profile`, { timeout: 20_000 });
  await expect(page.getByText("Successfully login!")).toBeVisible();

  // Renamed in place.
  await item.getByLabel("Name").fill("Work laptop");
  await item.getByRole("button", { name: "Rename My laptop" }).click();
  await expect(section.getByRole("heading", { name: "Work laptop" })).toBeVisible();
  await page.reload();
  await expect(section.getByRole("heading", { name: "Work laptop" })).toBeVisible();

  // Removed, after a question.
  await section.getByRole("button", { name: "Remove Work laptop" }).click();
  await expectAccessible(page);
  await answerDialog(page, "Remove “Work laptop”?", "Remove");
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
  await expect.poll(signInChangeMail, { timeout: 20_000 }).toContain("A passkey was removed");

  // The authenticator still holds it, but it no longer signs in: said in the page's alert, the password still works.
  await logOut(page);
  await signInWithPasskey(page);
  await expect(page.getByRole("alert").filter({ hasText: PASSKEY_MESSAGES.signInFailed })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expectAccessible(page);
});

test("“Add a passkey” works before the list has come: its name is the person's to write, and stays as written", async ({
  page,
}) => {
  await logInWithPassword(page);
  // The list (and the device's name with it) held back until the name is written.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/account/passkeys.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${site}/profile`);
  await hydrated(page);
  const section = page.getByRole("region", { name: "Passkeys" });
  await section.getByRole("button", { name: "Add a passkey" }).click();
  const name = page.getByRole("dialog", { name: "Add a passkey" }).getByLabel("Passkey name");
  await expect(name).toHaveValue("");
  await name.fill("Office desktop");
  release();
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
  await expect(name).toHaveValue("Office desktop");
});
