import { signUpBuyer } from "./support/accounts.ts";
import { postLaptopThroughApi } from "./support/adverts.ts";
import { expectAccessible, expectAccessibleAtBothWidths } from "./support/axe.ts";
import { correctAndResubmit, DEMO, expect, fieldError, hydrated, signedInPage, test } from "./support/fixtures.ts";
import { pngFile } from "./support/images.ts";
import { bookFromItsPage, markHandedOver, openOrderFromMyOrders, payFromMyOrders } from "./support/orders.ts";

test("Sam hands a laptop over, the buyer reports a problem with a photo, Sam answers, an admin refunds part and both see it", async ({
  page,
  browser,
}) => {
  test.slow(); // three browsers, a sign-up, an advert posted, a sale
  const sam = await signedInPage(browser, DEMO.seller);
  const name = `Disputed notebook ${Date.now().toString(36)}`;
  await postLaptopThroughApi(sam, { name, brand: "Lenovo", description: "Sold, then disputed." });

  // A new buyer books it, pays, and opens the order's page from My Orders.
  await signUpBuyer(page, "Dora Disputes");
  await bookFromItsPage(page, name, "Uttara sector 7");
  await payFromMyOrders(page, name);
  const orderPage = await openOrderFromMyOrders(page, name);
  const number = ((await page.getByRole("heading", { level: 1 }).textContent()) as string).replace("Order", "").trim();

  // Sam marks it handed over on the same page, once asked to confirm.
  await sam.goto(orderPage);
  await hydrated(sam);
  await markHandedOver(sam);

  // The buyer reports a problem: refused without a description (what was chosen stays), then sent with a photo.
  await page.reload();
  await hydrated(page);
  await page.getByText("Report a problem", { exact: true }).click();
  await page.getByLabel("What is wrong?").selectOption({ label: "Does not work" });
  await page.getByRole("button", { name: "Report the problem" }).click();
  await expect(fieldError(page, "Describe the problem")).toBeVisible();
  await expect(page.getByLabel("What is wrong?")).toHaveValue("does_not_work");
  await expectAccessibleAtBothWidths(page);
  await page.getByLabel(/^Describe the problem/).fill("The keyboard stops working after ten minutes.");
  await page.getByLabel("Photos (optional)").setInputFiles(await pngFile("keyboard.png", "#a33"));
  await page.getByRole("button", { name: "Report the problem" }).click();
  await expect(page.getByText("Your problem is reported. The seller is told, and an admin will decide.")).toBeVisible();
  const problem = page.getByRole("region", { name: "The problem reported" });
  await expect(problem.getByText("The keyboard stops working after ten minutes.")).toBeVisible();
  await expect(problem.getByRole("list", { name: "Photos from Dora Disputes" }).getByRole("img")).toHaveCount(1);
  // The form went with the change: focus lands on the order's new status.
  await expect(page.getByText("Problem reported", { exact: true })).toBeFocused();
  await expectAccessibleAtBothWidths(page);

  // Sam reads it and answers.
  await sam.reload();
  await hydrated(sam);
  const samsView = sam.getByRole("region", { name: "The problem reported" });
  await expect(samsView.getByText("The keyboard stops working after ten minutes.")).toBeVisible();
  await samsView.getByLabel(/^Your answer/).fill("It worked all evening when we met; try an external keyboard?");
  await samsView.getByRole("button", { name: "Send" }).click();
  await expect(sam.getByText("Your message is added to the exchange.")).toBeVisible();
  // The form is drawn anew, empty: focus lands on the message sent, which says what was sent.
  await expect(
    samsView.getByRole("listitem").filter({ hasText: "It worked all evening when we met; try an external keyboard?" }),
  ).toBeFocused();
  await expect(samsView.getByLabel(/^Your answer/)).toHaveValue("");
  await expectAccessible(sam);

  // An admin opens Disputes from the menu (with its count), reads both sides and refunds part of the price.
  const ada = await signedInPage(browser, DEMO.admin);
  await ada.goto("/dashboard");
  await ada
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: /^Disputes \d+ open$/ })
    .click();
  await expect(ada.getByRole("heading", { level: 1, name: "Disputes" })).toBeVisible();
  await hydrated(ada);
  const card = ada.getByRole("article", { name: new RegExp(number) });
  await expect(card.getByText("It worked all evening when we met; try an external keyboard?")).toBeVisible();
  await expect(card.getByText("The keyboard stops working after ten minutes.")).toBeVisible();
  await expectAccessible(ada);
  // Sent empty: the decision (the first field, a radio group) is refused and takes focus, before the reason.
  await expect(card.getByText("for all of it, choose Refund the buyer).")).toBeVisible();
  await card.getByRole("button", { name: "Decide" }).click();
  await expect(fieldError(ada, "Choose a decision")).toBeVisible();
  await expect(fieldError(ada, "Say why you decide so")).toBeVisible();
  await expect(card.getByRole("radio", { name: /^Refund the buyer/ })).toBeFocused();
  await card.getByLabel("Partial refund").check();
  await card.getByLabel(/^Reason/).fill("The keyboard is faulty; an external one works. Part of the price back.");
  await correctAndResubmit(ada, card, {
    field: "Amount to refund ($)",
    wrong: "600",
    submit: "Decide",
    error: "A partial refund is less than $500, what the buyer paid: to return all of it, choose Refund the buyer",
    meanwhile: expectAccessibleAtBothWidths,
    value: "75",
    done: "Decided: part of the payment goes back to the buyer. Both are told.",
    closes: true,
  });

  // Both people see the decision on the order's page: $75 back, the sale complete.
  for (const who of [page, sam]) {
    await who.reload();
    await expect(who.getByText(/Decided — Partial refund\s*: \$75 back to the buyer/)).toBeVisible();
    await expect(who.getByText("Completed", { exact: true })).toBeVisible();
    await expect(who.getByText("Ada Admin: Decided the dispute: a partial refund")).toBeVisible();
  }
  await ada.context().close();
  await sam.context().close();
});
