import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from "../../seed/demo.ts";
import { client } from "../support/http.ts";
import { closePageBuild, loadPageBuild } from "../support/page-build.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** On first start the demo seller has something to do in My Sales: a booking, seeded through the core. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, {}, { pages: await loadPageBuild() });
  await seedDemoIfEmpty(t.services);
});
afterAll(async () => {
  await t?.close();
  await closePageBuild();
});

it("gives Sam a booking waiting in My Sales, with Bea's phone and meeting place", async () => {
  const sam = client(t);
  await sam.signIn(DEMO_ACCOUNTS.seller);
  const booked = (await sam.get("/api/sales?status=booked")).json().items;
  expect(booked).toEqual([
    expect.objectContaining({
      buyerName: "Bea Buyer",
      meetingLocation: "Banani 11, Dhaka",
      buyerPhone: "01711234567",
      number: expect.stringMatching(/^RL-[2-9A-HJ-NP-Z]{6}$/),
      canDecline: true,
    }),
  ]);
  const page = await sam.get("/dashboard/sales");
  expect(page.body).toContain("Decline or wait for payment");
  expect(page.body).toContain(booked[0].number);
});

it("gives admins one open dispute, with photos from both the buyer and the seller", async () => {
  const ada = client(t);
  await ada.signIn(DEMO_ACCOUNTS.admin);
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
