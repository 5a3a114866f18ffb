import { signUpBuyer } from "./support/accounts.ts";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import {
  correctAndResubmit,
  DEMO,
  expect,
  openFromDashboardMenu,
  signedInPage,
  test,
  uniqueMobile,
} from "./support/fixtures.ts";
import { bookFromItsPage, expectSaleRowAfter } from "./support/orders.ts";

test("a buyer books Sam's laptop; Sam sees who, where and their phone in My Sales and declines with a reason the buyer reads", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a sign-up, an advert posted
  // Sam, in a browser of his own, posts a laptop nobody else's test books (posting has its own journey).
  const sam = await signedInPage(browser, DEMO.seller);
  const name = `Sales desk notebook ${Date.now().toString(36)}`;
  const samsMobile = uniqueMobile();
  await postLaptopThroughApi(sam, { name, brand: "Dell", description: "Booked, then declined.", mobile: samsMobile });

  // A new buyer books it.
  await signUpBuyer(page, "Dina Declined");
  await bookFromItsPage(page, name, "Mirpur 10 roundabout");

  // Sam opens My Sales from his dashboard menu: the buyer's name, phone and meeting place, and what to do.
  await openFromDashboardMenu(sam, "My Sales");
  await expect(sam.getByRole("heading", { level: 1, name: "My Sales" })).toBeVisible();
  const row = sam.getByRole("listitem").filter({ hasText: name });
  await expect(row.getByText("Buyer: Dina Declined")).toBeVisible();
  await expect(row.getByRole("link", { name: "01712345678" })).toBeVisible();
  await expect(row.getByText("Meet at Mirpur 10 roundabout")).toBeVisible();
  await expect(row.getByText("Decline or wait for payment")).toBeVisible();
  const number = ((await row.locator(".font-mono").textContent()) as string).trim();
  expect(number).toMatch(/^RL-[2-9A-HJ-NP-Z]{6}$/);
  await expectAccessible(sam);

  // Decline: a reason is required, then the buyer is told it.
  await row.getByRole("button", { name: "Decline" }).click();
  const dialog = sam.getByRole("dialog", { name: `Decline the booking of ${name}?` });
  const reason = "The battery failed this morning; I will not sell it like this.";
  await correctAndResubmit(sam, dialog, {
    field: "Reason shown to the buyer",
    submit: "Decline booking",
    error: "Tell the buyer why you decline",
    meanwhile: expectAccessible,
    value: reason,
    done: "The booking is declined. The buyer is told your reason.",
    closes: true,
  });
  await expectSaleRowAfter(row, "Decline", "Declined by the seller");

  // The buyer opens the order from My Orders and reads why in its timeline.
  await page.goto("/dashboard/my/orders");
  await page
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByRole("link", { name: `Order ${number}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(page.getByText("Declined by the seller")).toBeVisible();
  await expect(page.getByText("Sam Seller: Declined the booking")).toBeVisible();
  await expect(page.getByText(`Reason: ${reason}`)).toBeVisible();
  await expect(page.getByText("Meet in person at Mirpur 10 roundabout")).toBeVisible();
  await expect(page.getByRole("link", { name: samsMobile })).toHaveAttribute("href", `tel:${samsMobile}`);
  await expectAccessible(page);
  await sam.context().close();
});
