import type { Page } from "@playwright/test";
import { expect, uniqueEmail } from "./fixtures.ts";

/** The password the journeys' new accounts sign up with. */
export const NEW_ACCOUNT_PASSWORD = "Abcdef1!";

interface NewAccount {
  /** Its own address unless given. */
  email?: string;
  /** Through /register/seller's form rather than /signUp's. */
  seller?: boolean;
}

/** Fills and sends the sign-up form open on the page, for a new account named `name`. Its email. */
export async function fillSignUp(
  page: Page,
  name: string,
  { email = uniqueEmail(name.split(" ")[0]?.toLowerCase() ?? "e2e"), seller = false }: NewAccount = {},
) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(NEW_ACCOUNT_PASSWORD);
  await page.getByRole("button", { name: seller ? "Register as Seller" : "Sign Up" }).click();
  return email;
}

/** Opens the sign-up form (/signUp, or /register/seller) and sends it; the caller checks what follows. Its email. */
export async function sendSignUp(page: Page, name: string, account: NewAccount = {}) {
  await page.goto(account.seller ? "/register/seller" : "/signUp");
  return fillSignUp(page, name, account);
}

/** A new buyer, signed up and sent to the home page. Its email. */
export async function signUpBuyer(page: Page, name: string, email?: string) {
  const address = await sendSignUp(page, name, { email });
  await expect(page).toHaveURL(/\/$/);
  return address;
}

/** A new seller, registered and on the dashboard. Its email. */
export async function registerSeller(page: Page, name: string, email?: string) {
  const address = await sendSignUp(page, name, { email, seller: true });
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  return address;
}
