import type { Browser, Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { registerSeller, signUpBuyer } from "./support/accounts.ts";
import { postLaptopThroughForm } from "./support/adverts.ts";
import { expectAccessible } from "./support/axe.ts";
import {
  answerDialog,
  DEMO,
  expect,
  hydrated,
  logIn,
  openFromDashboardMenu,
  test,
  userMenu,
} from "./support/fixtures.ts";
import { lastMailTo, linkIn, REFUSED_ADDRESS } from "./support/mail.ts";
import { bookFromItsPage } from "./support/orders.ts";

const bell = (page: Page, name: string) => page.getByRole("banner").getByRole("link", { name, exact: true });

/** A new seller with one laptop of their own, so nobody else's booking moves their bell. */
async function sellerWithLaptop(page: Page, laptop: string) {
  const email = await registerSeller(page, "Nora Notified");
  await postLaptopThroughForm(page, { name: laptop, brand: "Lenovo", location: "Sylhet" });
  return email;
}

/** A new buyer, in a browser of their own, books the laptop. Their page. */
async function bookedElsewhere(browser: Browser, laptop: string) {
  const buyer = await (await browser.newContext()).newPage();
  await signUpBuyer(buyer, "Bo Booker");
  await bookFromItsPage(buyer, laptop, "Zindabazar");
  return buyer;
}

/** A new seller's laptop (on this page), named after `model`, booked by a new buyer elsewhere. */
async function sellersLaptopBooked(page: Page, browser: Browser, model: string) {
  const laptop = `${model} ${Date.now().toString(36)}`;
  await sellerWithLaptop(page, laptop);
  return { laptop, buyer: await bookedElsewhere(browser, laptop) };
}

test("a seller's bell counts a booking made in another browser without a reload; the list marks it read", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a sign-up each and an advert posted
  const laptop = `ThinkPad Bell ${Date.now().toString(36)}`;
  const sellerEmail = await sellerWithLaptop(page, laptop);
  await page.goto("/");
  await expect(bell(page, "Notifications")).toBeVisible();

  await bookedElsewhere(browser, laptop);

  // No reload: the count arrives as a server-sent event.
  await expect(bell(page, "Notifications, 1 unread")).toBeVisible({ timeout: 10_000 });
  await expect(bell(page, "Notifications, 1 unread")).toContainText("1");
  const box = await bell(page, "Notifications, 1 unread").boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);

  await bell(page, "Notifications, 1 unread").click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const entry = page.getByRole("listitem").filter({ hasText: `${laptop} was booked` });
  await expect(entry).toContainText("Unread");
  await expect(entry).toContainText("Bo Booker booked it for $450 and would like to meet at Zindabazar.");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("All notifications are marked as read.")).toBeVisible();
  await expect(entry).not.toContainText("Unread");
  await expect(bell(page, "Notifications")).toBeVisible();
  // The button went with the unread notices: focus is on the page's heading, not dropped to the page.
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeFocused();

  // Opening an entry goes to its subject: the order, with the buyer's meeting place.
  await entry.getByRole("button").click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order RL-/ })).toBeVisible();
  await expect(page.getByText("Meet in person at Zindabazar")).toBeVisible();

  // The email's unsubscribe link opens a page in the product's look, without signing in.
  const mail = await lastMailTo(sellerEmail, `Your laptop was booked: ${laptop}`);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(linkIn(mail, `${BASE_URL}/api/notifications/unsubscribe?token=`));
  await expect(visitor.getByRole("heading", { level: 1, name: "Stop these emails?" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "ReLaptop", exact: true })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Unsubscribed" })).toBeVisible();
  await expect(
    visitor.getByText("You will no longer get emails for: A buyer books one of your laptops."),
  ).toBeVisible();
});

test("opening an unread notification marks it read, and email choices are saved on the profile", async ({
  page,
  browser,
}) => {
  test.slow();
  const { laptop } = await sellersLaptopBooked(page, browser, "IdeaPad Open");
  await page.goto("/dashboard/notifications");
  await expect(bell(page, "Notifications, 1 unread")).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`${laptop} was booked`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order RL-/ })).toBeVisible();
  await expect(bell(page, "Notifications")).toBeVisible({ timeout: 10_000 });

  await page.goto("/profile");
  const booked = page.getByLabel("A buyer books one of your laptops");
  await expect(booked).toBeChecked();
  await booked.uncheck();
  await page.getByRole("button", { name: "Save email choices" }).click();
  await expect(page.getByRole("form", { name: "Emails" }).getByRole("status")).toHaveText(
    "Your email choices are saved.",
  );
  await expect(page.getByRole("button", { name: "Save email choices" })).toBeFocused();
  await page.reload();
  await expect(page.getByLabel("A buyer books one of your laptops")).not.toBeChecked();
  await expect(page.getByLabel("Receipts for your payments")).toBeChecked();
  await expectAccessible(page);
});

test("a count the page's data read before a change does not replace the stream's count after it", async ({
  page,
  browser,
}) => {
  test.slow();
  const { laptop, buyer } = await sellersLaptopBooked(page, browser, "IdeaPad Race");
  await page.goto("/dashboard/notifications");
  await expect(bell(page, "Notifications, 1 unread")).toBeVisible();
  await hydrated(page);

  // The page's data read again after "Mark all as read" (no unread notices) is held on its way to the page,
  // while the buyer cancels and the stream counts that notice.
  const read = Promise.withResolvers<void>();
  const arrive = Promise.withResolvers<void>();
  await page.route(/\/dashboard\/notifications\.data/, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    const response = await route.fetch();
    read.resolve();
    await arrive.promise;
    await route.fulfill({ response });
  });
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await read.promise;
  await expect(bell(page, "Notifications")).toBeVisible();
  await buyer.goto("/dashboard/my/orders");
  await buyer.getByRole("listitem").filter({ hasText: laptop }).getByRole("button", { name: "Cancel" }).click();
  await answerDialog(buyer, "Cancel this booking?", "Cancel booking");
  await expect(buyer.getByText("Your booking is cancelled.")).toBeVisible();
  await expect(bell(page, "Notifications, 1 unread")).toBeVisible({ timeout: 10_000 });

  arrive.resolve();
  await expect(page.getByText("All notifications are marked as read.")).toBeVisible();
  // Its effects run too (two frames), and the bell still counts the cancellation.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.getByRole("banner").getByRole("link", { name: /^Notifications/ })).toHaveAttribute(
    "aria-label",
    "Notifications, 1 unread",
  );
  await expect(page.getByRole("listitem").filter({ hasText: `${laptop} was booked` })).not.toContainText("Unread");
  // The list, open all along, shows the new notice too without a reload.
  await expect(page.getByRole("listitem").filter({ hasText: `Booking cancelled: ${laptop}` })).toContainText("Unread");
});

test("while the bell's stream is down, a count the page reads since is shown: Mark all as read empties it", async ({
  page,
  browser,
}) => {
  test.slow();
  await sellersLaptopBooked(page, browser, "IdeaPad Down");
  // The tab's stream says the count once and breaks (as when the network drops it); its next try is minutes away.
  await page.route("**/api/notifications/stream", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/event-stream",
      body: "retry: 600000\n\nevent: unread\ndata: 1\n\n",
    }),
  );
  await page.goto("/dashboard/notifications");
  await expect(bell(page, "Notifications, 1 unread")).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByText("All notifications are marked as read.")).toBeVisible();
  await expect(bell(page, "Notifications")).toBeVisible();
});

test("while the bell's stream is down, the page's data read again wins even when its count did not change", async ({
  page,
}) => {
  test.slow();
  await sellerWithLaptop(page, `IdeaPad Still ${Date.now().toString(36)}`);
  // The stream waits until the bell is hydrated (it loads on its own), then says 1 unread and breaks.
  const release = Promise.withResolvers<void>();
  await page.route("**/api/notifications/stream", async (route) => {
    await release.promise;
    await route.fulfill({
      status: 200,
      contentType: "text/event-stream",
      body: "retry: 600000\n\nevent: unread\ndata: 1\n\n",
    });
  });
  await page.goto("/profile");
  await expect(bell(page, "Notifications")).toBeVisible();
  // Hydrated: React has put its props on the bell's element (the bell listens from then on).
  await page.waitForFunction(() => {
    const link = document.querySelector('header a[href="/dashboard/notifications"]');
    return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps"));
  });
  release.resolve();
  await expect(bell(page, "Notifications, 1 unread")).toBeVisible();
  // The page's data is read again after an action: still none unread, as when the page was rendered.
  await page.getByRole("button", { name: "Save email choices" }).click();
  await expect(page.getByRole("form", { name: "Emails" }).getByRole("status")).toHaveText(
    "Your email choices are saved.",
  );
  await expect(bell(page, "Notifications")).toBeVisible();
});

test("an admin sees Email delivery: a failed email with its error, and sends it again", async ({ page, browser }) => {
  test.slow();
  // The mail server refuses this address for good: the new account's verification email fails.
  const refused = await (await browser.newContext()).newPage();
  await signUpBuyer(refused, "Rita Refused", REFUSED_ADDRESS);

  await logIn(page, DEMO.admin);
  await openFromDashboardMenu(page, "Email delivery");
  await expect(page.getByRole("heading", { level: 1, name: "Email delivery" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "sent", exact: true }).first()).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: REFUSED_ADDRESS });
  await expect(async () => {
    await page.reload();
    await expect(row.getByText("failed", { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText("550");
  await expectAccessible(page);
  await row.getByRole("button", { name: /^Send again/ }).click();
  await expect(page.getByText("The email is queued to be sent again.")).toBeVisible();
});

test("a buyer may not open Email delivery", async ({ page }) => {
  await logIn(page, DEMO.buyer);
  await page.goto("/dashboard");
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Notifications" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Email delivery" })).toHaveCount(0);
  await page.goto("/dashboard/email-delivery");
  await expect(page.getByText("This route is forbidden for you!")).toBeVisible();
});

test.describe("in the reader's time zone", () => {
  test.use({ timezoneId: "Asia/Dhaka" });

  test("notices and messages show the reader's own time, rendered so by the server once it knows the zone", async ({
    page,
    context,
  }) => {
    await logIn(page, DEMO.buyer);
    await page.goto("/dashboard/notifications");
    const first = page.getByRole("main").locator("time").first();
    const iso = (await first.getAttribute("datetime")) as string;
    const dhaka = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dhaka" });
    // The date, in the text or — for the last week, which reads "3 hours ago" — in the title.
    await expect
      .poll(async () => (await first.getAttribute("title")) ?? (await first.textContent()))
      .toBe(dhaka.format(new Date(iso)));
    if (await first.getAttribute("title")) await expect(first).toHaveText(/ ago$|^yesterday$|^just now$/);
    // The browser told the server its zone: the next page arrives in it, not in UTC and then changed.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "relaptop_tz")?.value)
      .toBe("Asia%2FDhaka");
    const html = await (await page.request.get("/dashboard/messages")).text();
    const messageTime = /<time dateTime="([^"]+)"[^>]*>([^<]+)<\/time>/.exec(html);
    expect(messageTime?.[2]).toBe(dhaka.format(new Date(messageTime?.[1] as string)));
    await page.goto("/dashboard/messages");
    await expect(page.getByRole("main").locator("time").first()).not.toContainText("UTC");

    // Signed out, the browser's requests carry no cookie of ours again (visitors' pages are shared).
    await userMenu(page, "Bea Buyer").click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).map((c) => c.name)).not.toContain("relaptop_tz");
  });
});
