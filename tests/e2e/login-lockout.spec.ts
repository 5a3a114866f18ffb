import { request as newRequest, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { LOGIN_MESSAGES } from "../../schemas/login-limits.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, hydrated, logIn, test, uniqueEmail, userMenu } from "./support/fixtures.ts";
import { lastMailTo, linkIn } from "./support/mail.ts";

// A hundred wrong passwords (scrypt on the server), two emails through the job queue, three sign-ins.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = "Passw0rd!";
const NAME = "Owen Owner";

async function tryLogIn(page: Page, email: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

test("strangers guessing from 20 addresses cannot lock the owner out: the browser they used before gets in, and a new one through the emailed link", async ({
  page,
  browser,
}) => {
  // The owner's account, its address confirmed (sign-in links go to confirmed addresses only).
  const email = uniqueEmail("owner");
  const owner = await newRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  expect(
    (await owner.post("/api/auth/sign-up/email", { data: { name: NAME, email, password: PASSWORD } })).status(),
  ).toBe(200);
  const verify = await lastMailTo(email, "Verify your email address on ReLaptop");
  expect((await owner.get(linkIn(verify, `${BASE_URL}/verify-email?token=`))).status()).toBe(200);
  await owner.dispose();

  // The owner's laptop signs in once, then out: it is now a device the account knows.
  await logIn(page, email, PASSWORD);
  await userMenu(page, NAME).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Successfully Signed Out!")).toBeVisible();

  // Twenty addresses, five wrong passwords each: none reaches its own limits, together they reach the account's.
  const strangers = await newRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  for (let a = 0; a < 20; a++) {
    const guesses = await Promise.all(
      Array.from({ length: 5 }, () =>
        strangers.post("/api/auth/sign-in/email", {
          data: { email, password: "not-the-password" },
          headers: { "x-forwarded-for": `10.77.${a}.1` },
        }),
      ),
    );
    expect(guesses.map((g) => g.status())).toEqual([401, 401, 401, 401, 401]);
  }
  await strangers.dispose();
  const told = await lastMailTo(email, "Someone is trying to sign in to your ReLaptop account");
  expect(told.text).toContain(`${BASE_URL}/login/link`);

  // A browser the account never saw: refused, told why and of the emailed link, which it can ask for here.
  const elsewhere = await browser.newContext();
  const phone = await elsewhere.newPage();
  await tryLogIn(phone, email);
  const refusal = phone.getByRole("alert").filter({ hasText: LOGIN_MESSAGES.accountPaused });
  await expect(refusal).toContainText("Try again in 60 minutes, or sign in with a link we email you.");
  await expect(refusal).toBeFocused();
  await expectAccessible(phone);
  const ask = phone.getByRole("button", { name: "Email me a sign-in link" });
  await ask.click();
  await expect(phone.getByRole("status").filter({ hasText: LOGIN_MESSAGES.linkSent })).toBeVisible();
  await expect(ask).toBeFocused();

  const mail = await lastMailTo(email, "Your ReLaptop sign-in link");
  const link = linkIn(mail, `${BASE_URL}/login/link?token=`);
  await phone.goto(link);
  await expect(phone.getByRole("heading", { name: "Sign in with a link" })).toBeVisible();
  await expectAccessible(phone);
  await hydrated(phone);
  await phone.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(phone.getByText("Successfully login!")).toBeVisible();
  await expect(userMenu(phone, NAME)).toBeVisible();
  // Once only.
  await phone.goto(link);
  await expect(phone.getByRole("alert").filter({ hasText: LOGIN_MESSAGES.linkInvalid })).toBeVisible();
  await elsewhere.close();

  // The owner's laptop: the password still works there.
  await tryLogIn(page, email);
  await expect(page.getByText("Successfully login!")).toBeVisible();
  await expect(userMenu(page, NAME)).toBeVisible();
});
