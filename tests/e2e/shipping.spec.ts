import { signUpBuyer } from "./support/accounts.ts";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { expectAccessibleAtBothWidths } from "./support/axe.ts";
import { correctAndResubmit, DEMO, expect, fieldError, signedInPage, test } from "./support/fixtures.ts";
import { expectSaleRowAfter, payFromMyOrders } from "./support/orders.ts";

const TRACKING = "1Z999AA10123456784";

test("a seller who ships: the buyer books Ship to me and pays the total, the seller marks it shipped with UPS, the buyer follows the tracking link", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a sign-up, an advert posted and edited, a payment
  // Sam, in a browser of his own, posts a laptop and edits it: he ships it, for $15.
  const sam = await signedInPage(browser, DEMO.seller);
  const name = `Shipped notebook ${Date.now().toString(36)}`;
  const advertId = await postLaptopThroughApi(sam, { name, brand: "Dell", description: "Posted to its buyer." });
  await sam.goto(`/dashboard/post/edit/${advertId}`);
  await expect(sam.getByRole("heading", { name: "Edit Advertisement" })).toBeVisible();
  // The shipping price is asked for once "I ship" is ticked, and required then.
  await expect(sam.getByLabel("Shipping price ($)")).toBeHidden();
  await sam.getByLabel("I ship this laptop").check();
  await correctAndResubmit(sam, sam, {
    field: "Shipping price ($)",
    submit: "Save changes",
    error: "Shipping price is required when you ship",
    meanwhile: expectAccessibleAtBothWidths,
    value: "15",
    done: "Your advert is updated.",
  });

  // A new buyer finds it with the Ships filter: the card says what shipping costs.
  await signUpBuyer(page, "Shira Shipped");
  await page.goto(`/allAdd?q=${encodeURIComponent(name)}`);
  await page.getByLabel("Ships", { exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/ships=true/);
  const card = page.locator("article", { hasText: name });
  await expect(card.getByText("Ships for $15")).toBeVisible();
  await card.locator("h3 a").click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Ships for $15")).toBeVisible();

  // Booking asks how they want it; Ship to me asks for the address and says the total.
  await page.getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${name}` });
  await dialog.getByRole("radio", { name: /Ship to me/ }).check();
  await expect(dialog.getByLabel("Meeting location")).toHaveCount(0);
  await dialog.getByLabel("Phone Number").fill("01712345678");
  await dialog.getByLabel("Street address").fill("");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(fieldError(page, "Enter the street address")).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await dialog.getByLabel("Street address").fill("12 Kemal Ataturk Avenue");
  await dialog.getByLabel("Town or city").fill("Dhaka");
  await dialog.getByLabel("Postcode or ZIP code").fill("1213");
  await dialog.getByLabel("Country").fill("Bangladesh");
  await expect(dialog.getByText("You pay $515")).toBeVisible();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your booking is confirmed!")).toBeVisible();

  // Sam's My Sales holds the address back until the buyer pays.
  await sam.goto("/dashboard/sales");
  const row = sam.getByRole("listitem").filter({ hasText: name });
  await expect(row.getByText("The buyer's address shows here once they have paid.")).toBeVisible();
  await expect(row.getByText("12 Kemal Ataturk Avenue")).toHaveCount(0);

  // The buyer pays the laptop and its shipping.
  await page.goto("/dashboard/my/orders");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("$515 (with $15 shipping)");
  await page.getByRole("listitem").filter({ hasText: name }).getByRole("link", { name: "Pay" }).click();
  await expect(page.getByText("Please pay $515 for confirm this order!")).toBeVisible();
  await payFromMyOrders(page, name);

  // Paid: Sam reads where to send it, and marks it shipped — the tracking number is required.
  await sam.reload();
  await expect(row.getByText("12 Kemal Ataturk Avenue")).toBeVisible();
  await row.getByRole("button", { name: "Mark as shipped" }).click();
  const ship = sam.getByRole("dialog", { name: `Mark ${name} as shipped` });
  await ship.getByLabel("Carrier").fill("UPS");
  await correctAndResubmit(sam, ship, {
    field: "Tracking number",
    submit: "Mark as shipped",
    error: "Enter the tracking number",
    meanwhile: expectAccessibleAtBothWidths,
    value: TRACKING,
    done: "Marked as shipped. The buyer is told how to track the parcel.",
    closes: true,
  });
  await expectSaleRowAfter(row, "Mark as shipped", "Shipped — on its way to the buyer");
  // Its button went with the change: focus lands on the order's new status, which says what happened.
  await expect(row.getByText("Shipped", { exact: true })).toBeFocused();

  // The buyer opens the order from its notice and follows the parcel at UPS.
  await page.goto("/dashboard/notifications");
  await page.getByText(`Shipped: ${name}`).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order RL-/ })).toBeVisible();
  const tracking = page.getByRole("link", { name: new RegExp(`Track the parcel: UPS ${TRACKING}`) });
  await expect(tracking).toHaveAttribute("href", `https://www.ups.com/track?tracknum=${TRACKING}`);
  await expect(page.getByText("Sam Seller: Shipped the laptop")).toBeVisible();
  await expect(page.getByText("$515 (with $15 shipping)")).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // The parcel arrives: the buyer says so on My Orders, and the order says Received from then on.
  await page.goto("/dashboard/my/orders");
  const order = page.getByRole("listitem").filter({ hasText: name });
  await expect(order.getByText("Shipped", { exact: true })).toBeVisible();
  await order.getByRole("button", { name: "I received it" }).click();
  await page
    .getByRole("dialog", { name: `Did you receive ${name}?` })
    .getByRole("button", { name: "I received it" })
    .click();
  await expect(order.getByText("Received", { exact: true })).toBeFocused();
  await expect(order.getByRole("button", { name: "I received it" })).toHaveCount(0);
  await page.reload();
  await expect(order.getByText("Received", { exact: true })).toBeVisible();
  await expect(order.getByRole("button", { name: "I received it" })).toHaveCount(0);
  await sam.reload();
  await expect(row.getByText("Received — the buyer protection window is open")).toBeVisible();

  // Something is wrong after all: Report a problem on My Orders opens the order's form.
  await order.getByRole("link", { name: "Report a problem" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order RL-/ })).toBeVisible();
  await page.getByLabel("What is wrong?").selectOption({ label: "Does not work" });
  await page.getByLabel(/^Describe the problem/).fill("The screen stays black.");
  await page.getByRole("button", { name: "Report the problem" }).click();
  await expect(page.getByText("Problem reported", { exact: true })).toBeFocused();
  await sam.context().close();
});
