import type { Page } from "@playwright/test";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import { DEMO, expect, fieldError, logIn, signedInPage, test } from "./support/fixtures.ts";

const topBar = (page: Page) => page.getByRole("banner");
const LAPTOP = "Apple MacBook Air M2"; // one of the demo seller's laptops

test("a buyer asks, the seller answers in another browser, and the buyer sees it without a reload", async ({
  page: buyer,
  browser,
}) => {
  test.slow(); // two browsers, each signing in
  // A visitor presses Message seller: the login page, then back to the conversation.
  await buyer.goto(`/allAdd?q=${encodeURIComponent(LAPTOP)}`);
  await buyer.locator("article h3 a", { hasText: LAPTOP }).first().click();
  await buyer.getByRole("link", { name: "Message seller" }).click();
  await expect(buyer).toHaveURL(/\/login\?redirectTo=/);
  await buyer.getByLabel("Email").fill(DEMO.buyer);
  await buyer.getByLabel("Password").fill(DEMO.password);
  await buyer.getByRole("button", { name: "Login", exact: true }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/messages\//);

  // An empty message is refused under its field, with focus on it.
  await buyer.getByRole("button", { name: "Send" }).click();
  await expect(fieldError(buyer, "Write a message first.")).toBeVisible();
  await expect(buyer.getByRole("textbox", { name: "Message" })).toBeFocused();

  const question = `Is the MacBook still available? (${Date.now().toString(36)})`;
  await buyer.getByRole("textbox", { name: "Message" }).fill(question);
  await buyer.getByRole("button", { name: "Send" }).click();
  await expect(buyer.getByRole("log", { name: "Messages" }).getByText(question)).toBeVisible();
  await expect(buyer).toHaveURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
  await expect(buyer.getByRole("textbox", { name: "Message" })).toHaveValue("");
  await expectAccessible(buyer);
  // Half a reply typed when the answer comes: it stays in the box.
  const draft = "And does the battery still hold";
  await buyer.getByRole("textbox", { name: "Message" }).fill(draft);

  // The seller, in another browser: the inbox shows it, unread.
  const seller = await signedInPage(browser, DEMO.seller);
  await expect(topBar(seller).getByRole("link", { name: /^Messages, \d+ unread$/ })).toBeVisible();
  await topBar(seller)
    .getByRole("link", { name: /^Messages/ })
    .click();
  await expect(seller.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  const row = seller.getByRole("link").filter({ hasText: question });
  await expect(row).toContainText(LAPTOP);
  await expect(row).toContainText("Bea Buyer");
  await expect(row).toContainText("1 unread");
  await expectAccessible(seller);
  await row.click();
  await expect(seller.getByRole("log", { name: "Messages" }).getByText(question)).toBeVisible();

  const answer = `Yes, it is. Come and see it on Saturday. (${Date.now().toString(36)})`;
  await seller.getByRole("textbox", { name: "Message" }).fill(answer);
  await seller.getByRole("button", { name: "Send" }).click();
  await expect(seller.getByRole("log", { name: "Messages" }).getByText(answer)).toBeVisible();

  // The buyer's page was never reloaded: the answer arrives by itself, within two seconds.
  await expect(buyer.getByRole("log", { name: "Messages" }).getByText(answer)).toBeVisible({ timeout: 2_000 });
  await expect(buyer.getByRole("textbox", { name: "Message" })).toHaveValue(draft);
  // The buyer's open page read it, so the seller sees Seen, also without a reload.
  await expect(seller.getByText("Seen", { exact: true })).toBeVisible({ timeout: 5_000 });
  await expectAccessible(seller);
  // Sent from the conversation's own page: the box is empty and keeps focus, ready for the next one.
  await buyer.getByRole("textbox", { name: "Message" }).fill(`${draft} 4 hours?`);
  await buyer.getByRole("button", { name: "Send" }).click();
  await expect(buyer.getByRole("log", { name: "Messages" }).getByText(`${draft} 4 hours?`)).toBeVisible();
  await expect(buyer.getByRole("textbox", { name: "Message" })).toHaveValue("");
  await expect(buyer.getByRole("textbox", { name: "Message" })).toBeFocused();
});

test("a person reports a conversation, and an admin reads it and dismisses its reports from there", async ({
  page: buyer,
  browser,
}) => {
  test.slow(); // three browsers
  // Rafi posts a laptop of his own (through the API), so no other test's conversations or reports move.
  const seller = await signedInPage(browser, "rafi@relaptop.test");
  const name = `Pushy seller's notebook ${Date.now().toString(36)}`;
  const advertId = await postLaptopThroughApi(seller, {
    name,
    brand: "Dell",
    description: "Asked about, then reported.",
  });
  await seller.context().close();

  await logIn(buyer, "nadia@relaptop.test");
  const started = await buyer.request.post("/api/conversations", { data: { advertId, body: "Is it still for sale?" } });
  expect(started.status()).toBe(201);
  await buyer.goto(`/dashboard/messages/${((await started.json()) as { id: string }).id}`);
  await buyer.getByText("Report this conversation").click();
  await buyer.getByLabel("Offensive content").check();
  await buyer.getByRole("button", { name: "Report", exact: true }).click();
  await expect(buyer.getByText("Thank you: an admin will read this conversation.")).toBeVisible();
  // The form and its button are gone: focus is on what took their place, not back at the top of the page.
  await expect(buyer.getByText("You reported this conversation. An admin will read it.")).toBeFocused();

  const admin = await signedInPage(browser, DEMO.admin);
  await admin.goto("/dashboard/reported-items");
  await admin
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByRole("link", { name: "Read the conversation" })
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: /^Reported conversation: Nadia Noor and / })).toBeVisible();
  await expect(admin.getByText("Is it still for sale?")).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole("button", { name: "Dismiss its reports" }).click();
  await expect(admin).toHaveURL(/\/dashboard\/reported-items$/);
  await expect(admin.getByText("Reports dismissed.")).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
});
