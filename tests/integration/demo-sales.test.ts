import { afterAll, beforeAll, expect, it } from "vitest";
import { formatDateTime } from "../../schemas/dates.ts";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "../../seed/demo.ts";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { signedInClient } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

/** On first start the demo seller has something to do in My Sales: a booking, seeded through the core. */
let t: TestApp;
beforeAll(async () => {
  t = await startPageApp();
  await seedDemoIfEmpty(t);
});
afterAll(() => closePageApp(t));

it("gives Sam a booking waiting in My Sales, with Bea's phone and meeting place", async () => {
  const sam = await signedInClient(t, DEMO_ACCOUNTS.seller);
  const booked = (await sam.get("/api/sales?status=booked")).json().items;
  expect(booked).toEqual([
    expect.objectContaining({
      buyerName: "Bea Buyer",
      meetingLocation: "Banani 11, Dhaka",
      buyerPhone: "01711234567",
      number: expect.stringMatching(/^RL-[2-9A-HJ-NP-Z]{6}$/),
      can: expect.objectContaining({ decline: true, ship: false }),
    }),
  ]);
  const page = await sam.get("/dashboard/sales");
  expect(page.body).toContain("Decline or wait for payment");
  expect(page.body).toContain(booked[0].number);
});

it("gives Bea an order in its buyer protection window, handed over by Sam a day ago", async () => {
  const bea = await signedInClient(t, DEMO_ACCOUNTS.buyer);
  const mine = (await bea.get("/api/orders")).json().orders;
  const inWindow = mine.filter(
    (o: { status: string; meetingLocation: string | null }) => o.status === "handed_over" && o.meetingLocation,
  );
  expect(inWindow).toHaveLength(1);
  const order = (await bea.get(`/api/orders/${inWindow[0].id}`)).json();
  expect(order.can).toMatchObject({ accept: true, cancelAndRefund: false });
  const HOUR = 3_600_000;
  // Handed over a day ago: two of its three days of protection are left.
  expect(Date.now() - Date.parse(order.handedOverAt)).toBeGreaterThan(23 * HOUR);
  expect(order.deadline.what).toBe("protectionEnds");
  expect(Date.parse(order.deadline.at) - Date.parse(order.handedOverAt)).toBe(72 * HOUR);
  // Her notice of the handover names the same instant as the order's page: both count from the story's handover
  // (a notice counted from the day the demo was seeded said a day later).
  const notices: { title: string; body: string }[] = (await bea.get("/api/notifications?limit=50")).json().items;
  const handedOver = notices.filter((n) => n.title === `Handed over: ${order.productName}`);
  expect(handedOver).toHaveLength(1);
  expect(handedOver[0]?.body).toContain(`report a problem by ${formatDateTime(order.deadline.at)}.`);
  // The booking on Sam's other laptop still waits for payment: BOOKING_HOURS from when she made it.
  const sam = await signedInClient(t, DEMO_ACCOUNTS.seller);
  const [booking] = (await sam.get("/api/sales?status=booked")).json().items;
  const bookingPage = (await sam.get(`/api/orders/${booking.id}`)).json();
  expect(Date.parse(bookingPage.deadline.at) - Date.parse(bookingPage.createdAt)).toBe(48 * HOUR);
  expect(Date.parse(bookingPage.deadline.at)).toBeGreaterThan(Date.now());
  // Nothing in the demo is overdue: the deadlines job at the first start finds nothing to do.
  expect((await t.services.orders.applyDeadlinesNow()).applied).toBe(0);
});

it("ships: some of Sam's laptops ship, and one is on its way to Bea with a UPS tracking link", async () => {
  const shipping = (await client(t).get("/api/adverts?ships=true")).json().items as { shippingCents: number }[];
  expect(shipping.length).toBeGreaterThan(0);
  expect(shipping.every((a) => a.shippingCents !== null)).toBe(true);

  const sam = await signedInClient(t, DEMO_ACCOUNTS.seller);
  const [onItsWay] = (await sam.get("/api/sales?status=handed_over"))
    .json()
    .items.filter((s: { delivery: string }) => s.delivery === "ship");
  expect(onItsWay).toMatchObject({
    buyerName: "Bea Buyer",
    shippingAddress: expect.objectContaining({ city: "Dhaka" }),
    shipment: { carrier: "UPS", trackingUrl: expect.stringMatching(/^https:\/\/www\.ups\.com\/track\?tracknum=/) },
  });
  const bea = await signedInClient(t, DEMO_ACCOUNTS.buyer);
  const page = await bea.get(`/dashboard/orders/${onItsWay.id}`);
  expect(page.body).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
});

it("gives admins one open dispute, with photos from both the buyer and the seller", async () => {
  const ada = await signedInClient(t, DEMO_ACCOUNTS.admin);
  const { items } = (await ada.get("/api/disputes")).json();
  expect(items).toHaveLength(1);
  const [dispute] = items;
  expect(dispute.order).toMatchObject({ status: "disputed", seller: { name: "Sam Seller" } });
  const photosBy = (side: string) =>
    dispute.messages
      .filter((m: { side: string }) => m.side === side)
      .flatMap((m: { photoUrls: string[] }) => m.photoUrls);
  expect(photosBy("buyer").length).toBeGreaterThan(0);
  expect(photosBy("seller").length).toBeGreaterThan(0);
  // Reported within the buyer protection window, after the handover, in the order the story tells it.
  const whats = dispute.order.events.map((e: { what: string }) => e.what);
  expect(whats.indexOf("Handed the laptop over")).toBeLessThan(whats.indexOf("Reported a problem"));
  const page = await ada.get("/dashboard/disputes");
  expect(page.body).toContain("Lina Rahman");
});

it("shows Sam money of every kind — pending, available and paid out — and Rafi's waiting for a payout account", async () => {
  const sam = await signedInClient(t, DEMO_ACCOUNTS.seller);
  const mine = (await sam.get("/api/payouts")).json();
  expect(mine.account).toEqual({ state: "active", onboarding: "form", holder: "Sam Seller", bankAccount: "•••• 6789" });
  expect(mine.balances.pendingCents).toBeGreaterThan(0);
  expect(mine.balances.availableCents).toBeGreaterThan(0);
  expect(mine.balances.paidOutCents).toBeGreaterThan(0);
  const where = new Set(mine.lines.map((l: { where: string }) => l.where));
  expect([...where]).toEqual(expect.arrayContaining(["pending", "available", "paid_out"]));

  const rafi = await signedInClient(t, "rafi@relaptop.test");
  const his = (await rafi.get("/api/payouts")).json();
  expect(his.account.state).toBe("not_set_up");
  expect(his.balances.availableCents).toBeGreaterThan(0);

  // Finance, for Ada: the story's money, balanced.
  const ada = await signedInClient(t, DEMO_ACCOUNTS.admin);
  const finance = (await ada.get("/api/finance")).json();
  expect(finance.check).toEqual({ balanced: true, problems: [] });
  expect(finance.totals.salesCents).toBeGreaterThan(0);
  expect(finance.totals.payoutsCents).toBeGreaterThan(0);
  expect(finance.days.filter((d: { salesCents: number }) => d.salesCents > 0).length).toBeGreaterThan(5);
});

it("shows Bea signed in on her phone too, on her profile's Where you're signed in", async () => {
  const bea = await signedInClient(t, DEMO_ACCOUNTS.buyer);
  const { items } = (await bea.get("/api/me/sessions")).json();
  expect(items).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ device: "Safari on iPhone", address: "203.0.113.24", current: false }),
      expect.objectContaining({ current: true }),
    ]),
  );
});

it("shows verified batteries on first start: the filter finds them, and their cards say so", async () => {
  const found = (await client(t).get("/api/adverts?batteryVerified=true")).json().items;
  expect(found.map((a: { name: string }) => a.name).sort()).toEqual([
    "Dell XPS 15 9530",
    "Lenovo ThinkPad X1 Carbon Gen 11",
  ]);
  const page = await client(t).get("/allAdd?batteryVerified=true");
  expect(page.body).toContain("Battery verified: 87 % · 312 cycles");
});

it("shows checklists on first start: some laptops include the charger, and their pages list what is true", async () => {
  const all = (await client(t).get("/api/adverts")).json().items as { id: string }[];
  const withCharger = (await client(t).get("/api/adverts?charger=true")).json().items as { id: string }[];
  expect(withCharger.length).toBeGreaterThan(2);
  expect(withCharger.length).toBeLessThan(all.length);
  const laptop = (await client(t).get(`/api/adverts/${withCharger[0]?.id}`)).json();
  expect(laptop.checklist).toContain("charger");
  const page = (await client(t).get(`/laptops/${laptop.id}`)).body;
  expect(page).toContain("What the seller says is true");
  expect(page).toContain("Charger included");
});

it("shows Cai, who changed her email address and then her password: she signs in with both new, each was told", async () => {
  const cai = await signedInClient(t, "cai@relaptop.test", "Ch4nged!pw");
  expect((await cai.get("/api/me")).json()).toMatchObject({ name: "Cai Chen", emailVerified: true });
  const ada = await signedInClient(t, DEMO_ACCOUNTS.admin);
  const log = (await ada.get("/dashboard/email-delivery")).body;
  expect(log).toContain("Confirm your new ReLaptop email address");
  expect(log).toContain("Your ReLaptop email address is being changed");
  expect(log).toContain("How you sign in to ReLaptop changed");
});

it("gives Bea her data ready to download: the profile links to the ZIP, with until when", async () => {
  const bea = await signedInClient(t, DEMO_ACCOUNTS.buyer);
  const ready = (await bea.get("/api/account/export")).json().export;
  expect(ready).toMatchObject({ status: "ready", downloadUrl: `/api/account/export/${ready.id}/download` });
  const zip = await bea.get(ready.downloadUrl);
  expect(zip.statusCode).toBe(200);
  expect(zip.headers["content-type"]).toBe("application/zip");
  const profile = await bea.get("/profile");
  expect(profile.body).toContain("Download (ZIP)");
  expect(profile.body).toContain("Available until");
});
