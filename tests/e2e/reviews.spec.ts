import type { Page } from "@playwright/test";
import { registerSeller, signUpBuyer } from "./support/accounts.ts";
import { postLaptopThroughForm } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import { answerDialog, expect, fieldError, test } from "./support/fixtures.ts";
import { bookFromItsPage, payFromMyOrders } from "./support/orders.ts";

const postLaptop = (page: Page, laptop: string) => postLaptopThroughForm(page, { name: laptop, brand: "Dell" });

test("a buyer reviews after confirming receipt; the rating shows on the seller's page and on the laptop's card", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers: a seller posts two laptops, a buyer books, pays, confirms receipt and reviews
  const tag = Date.now().toString(36);
  const sold = `Rated XPS ${tag}`;
  const other = `Rated Latitude ${tag}`;
  // A new seller, so their rating starts from nothing whatever other tests do.
  await registerSeller(page, "Rita Rated");
  await postLaptop(page, sold);
  await postLaptop(page, other);

  // The buyer, in a browser of their own.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signUpBuyer(buyer, "Rob Reviewer");
  await bookFromItsPage(buyer, sold, "Khan Jahan Ali Road");

  await buyer.goto("/dashboard/my/orders");
  const order = buyer.getByRole("listitem").filter({ hasText: sold });
  await expect(order.getByRole("link", { name: "Write a review" })).toHaveCount(0);
  await payFromMyOrders(buyer, sold);
  await order.getByRole("button", { name: "I received it" }).click();
  await answerDialog(buyer, /^Did you receive /, "I received it");
  await expect(buyer.getByText(/^Enjoy your laptop!/)).toBeVisible();

  await order.getByRole("link", { name: "Write a review" }).click();
  await expect(buyer.getByRole("heading", { name: "Write a review" })).toBeVisible();
  const stars = buyer.getByRole("radiogroup", { name: "Rating" });
  await expect(stars.getByRole("radio")).toHaveCount(5);
  // Too short: the message under the field, and the text stays.
  await buyer.getByLabel("Your review").fill("Great!");
  await buyer.getByRole("button", { name: "Publish my review" }).click();
  await expect(fieldError(buyer, "Choose a rating from 1 to 5 stars")).toBeVisible();
  await expect(fieldError(buyer, "Your review must be at least 10 characters")).toBeVisible();
  await expect(buyer.getByLabel("Your review")).toHaveValue("Great!");
  await stars.getByRole("radio", { name: "4 stars" }).check();
  await buyer.getByLabel("Your review").fill("Great laptop, <b>exactly</b> as described. Rita was on time.");
  await buyer.getByRole("button", { name: "Publish my review" }).click();
  await expect(buyer.getByText("Thank you: your review is published.")).toBeVisible();
  await expect(order.getByRole("link", { name: "Edit your review" })).toBeVisible();

  // The seller's page: the average, the histogram, the review with the laptop it was for.
  await order.getByRole("link", { name: sold }).click();
  await expect(buyer.getByRole("region", { name: "About the seller" }).getByText("★ 4.0 (1)")).toBeVisible();
  await buyer.getByRole("link", { name: "Rita Rated" }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: /Rita Rated/ })).toBeVisible();
  await expect(buyer.getByText("★ 4.0 (1)").first()).toBeVisible();
  const review = buyer.getByRole("listitem").filter({ hasText: "Rita was on time" });
  await expect(review.getByRole("img", { name: "4 of 5 stars" })).toBeVisible();
  await expect(review.getByRole("link", { name: sold })).toBeVisible();
  await expect(review.getByText("Great laptop, <b>exactly</b> as described.", { exact: false })).toBeVisible();
  await expectAccessible(buyer);

  // The seller's other laptop's card carries the rating.
  await buyer.goto(`/allAdd?q=${encodeURIComponent(other)}`);
  await expect(buyer.locator("article", { hasText: other }).getByText("★ 4.0 (1)")).toBeVisible();

  // The seller answers, once, publicly.
  await page.goto("/dashboard/notifications");
  await page.getByRole("button", { name: /New review: 4 of 5 stars/ }).click();
  const mine = page.getByRole("listitem").filter({ hasText: "Rita was on time" });
  await mine.getByLabel("Your answer (public, once)").fill("Thank you, Rob!");
  await mine.getByRole("button", { name: "Answer" }).click();
  await expect(mine.getByText("Thank you, Rob!")).toBeVisible();
  await expect(mine.getByRole("button", { name: "Answer" })).toHaveCount(0);
  await buyerContext.close();
});
