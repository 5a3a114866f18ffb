import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvert, createBrand, createCompletedOrder } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { signedInCast } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * Sellers get paid, server-rendered: the seller's Payouts (balances, lines, the set-up form), the admins'
 * Finance, the fee on an order's page, and "You receive" on the advert forms. Who may read which page is in
 * page-role-matrix.test.ts too.
 */

let t: TestApp;
const as = {} as Record<"bea" | "sam" | "rafi" | "ada" | "visitor", Client>;
let completed: { id: string; number: string };
let paid: { id: string; number: string };
let advertId: string;
const setUp = (who: Client, fields: Record<string, string>) =>
  who.form("/dashboard/payouts", { intent: "setUp", ...fields });

beforeAll(async () => {
  t = await startPageApp();
  const brandId = (await createBrand(t, "Asus")).id;
  const { users, clients } = await signedInCast(t, "sam", "rafi", "bea", "ada");
  Object.assign(as, clients);
  const { sam, bea } = users;
  as.visitor = client(t);
  const advert = (name: string, resalePriceCents: number) =>
    createAdvert(t, { sellerId: sam.id, brandId, name, resalePriceCents });
  // A sale that is final ($520: $26 is ReLaptop's 5 %, $494 Sam's), and one paid, in its handover window.
  const done = await createCompletedOrder(t, bea, (await advert("Zenbook 14", 52_000)).id);
  advertId = (await advert("Vivobook 15", 30_000)).id;
  const booked = await t.services.orders.book(bea, { advertId, meetingLocation: "Banani", phone: "01811111111" });
  await t.services.orders.payWithTestCard(bea, booked.id);
  const numberOf = async (id: string) => (await as.bea.get(`/api/orders/${id}`)).json().number as string;
  completed = { id: done.id, number: await numberOf(done.id) };
  paid = { id: booked.id, number: await numberOf(booked.id) };
});
afterAll(() => closePageApp(t));

describe("the seller's Payouts", () => {
  it("is in the seller's menu after My Sales, with the balances, the lines and the CSV", async () => {
    const page = await as.sam.get("/dashboard/payouts");
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/>My Sales<\/a><\/li><li><a[^>]*href="\/dashboard\/payouts"[^>]*>Payouts</);
    expect(page.body).toContain("Not set up");
    // Pending: $285 of the $300 laptop (its fee $15); Available: $494.
    for (const text of ["Pending", "$285", "Available", "$494", "On its way", "Paid out", "$0"]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain("You have $494 available. Set up payouts to receive it.");
    for (const { id, number } of [completed, paid]) {
      expect(page.body).toContain(`href="/dashboard/orders/${id}"`);
      expect(page.body).toContain(number);
    }
    for (const text of ["Zenbook 14", "$520", "$26", "Vivobook 15", "$15"]) expect(page.body).toContain(text);
    // Newest first.
    expect(page.body.indexOf(paid.number)).toBeLessThan(page.body.indexOf(completed.number));
    expect(page.body).toContain('href="/api/payouts/lines.csv"');
    expect(page.body).toContain("Download CSV");
    expect((await as.sam.get("/dashboard/payouts?cursor=bm9wZQ")).statusCode).toBe(404);
  });

  it("shows another seller none of it, with the empty state", async () => {
    const page = await as.rafi.get("/dashboard/payouts");
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("Zenbook 14");
    expect(page.body).toContain("Nothing yet.");
  });

  it("sends a buyer home with the spec's refusal and a visitor to log in; an admin is not a seller", async () => {
    const buyer = await as.bea.get("/dashboard/payouts");
    expect(buyer.statusCode).toBe(302);
    expect(buyer.headers.location).toBe("/");
    const visitor = await as.visitor.get("/dashboard/payouts");
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe("/login?redirectTo=%2Fdashboard%2Fpayouts");
    expect((await as.ada.get("/dashboard/payouts")).headers.location).toBe("/");
    expect(String((await setUp(as.bea, { holder: "Bea", accountNumber: "12345678" })).headers.location)).toBe("/");
  });

  it("refuses a bad account number under its field, keeping the holder typed, and takes a good one", async () => {
    const refused = await setUp(as.sam, { holder: "Sam Seller", accountNumber: "12-ab" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("A bank account number is 6 to 17 digits");
    expect(refused.body).toMatch(/name="holder"[^>]*value="Sam Seller"|value="Sam Seller"[^>]*name="holder"/);
    expect(refused.body).toContain('aria-invalid="true"');
    const blank = await setUp(as.sam, { holder: " ", accountNumber: "" });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain("Enter the account holder");

    const done = await setUp(as.sam, { holder: "Sam Seller", accountNumber: "0123 4567 4321" });
    expect(done.statusCode).toBe(200);
    const page = (await as.sam.get("/dashboard/payouts")).body;
    expect(page).toContain("Active");
    expect(page).toContain("•••• 4321");
    expect(page).not.toContain("012345674321");
    expect(page).toContain("Change bank details");
    expect(page).not.toContain("Set up payouts to receive it");
  });

  it("shows the completed sale's money under Paid out once the payout job has sent it", async () => {
    await t.services.payouts.run({ queue: true });
    const page = (await as.sam.get("/dashboard/payouts")).body;
    const row = page.slice(page.indexOf(completed.number), page.indexOf("</tr>", page.indexOf(completed.number)));
    expect(row).toContain("Paid out");
    expect(row).toMatch(/<time/);
  });
});

describe("the admins' Finance", () => {
  it("is in the admins' menu after Disputes, with the 90 days' totals, the chart and the ledger balanced", async () => {
    const page = await as.ada.get("/dashboard/finance");
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/>Disputes(<[^>]+>)*<\/a><\/li><li><a[^>]*href="\/dashboard\/finance"[^>]*>Finance</);
    expect(page.body).toContain("Balanced");
    for (const text of ["Sales", "Fees earned", "Refunds", "Payouts", "Pending payables", "Available payables"]) {
      expect(page.body).toContain(text);
    }
    // $820 of sales, $41 of fees, $494 paid out; $285 still pending.
    for (const text of ["$820", "$41", "$494", "$285"]) expect(page.body).toContain(text);
    expect(page.body).toMatch(
      /<svg role="img" aria-label="Sales and fees per day from [^"]+\$820 of sales and \$41 of fees/,
    );
    expect(page.body).toContain("The numbers per day");
  });

  it("sends a seller or a buyer home, and a visitor to log in", async () => {
    for (const who of [as.sam, as.bea]) expect((await who.get("/dashboard/finance")).headers.location).toBe("/");
    expect(String((await as.visitor.get("/dashboard/finance")).headers.location)).toMatch(/^\/login\?/);
  });
});

describe("the fee elsewhere", () => {
  it("shows the order's seller and admins ReLaptop's fee and what the seller receives; its buyer the total", async () => {
    for (const who of [as.sam, as.ada]) {
      const page = (await who.get(`/dashboard/orders/${completed.id}`)).body;
      for (const text of ["Price", "$520", "ReLaptop’s fee", "$26", "Seller receives", "$494"]) {
        expect(page).toContain(text);
      }
    }
    const buyers = (await as.bea.get(`/dashboard/orders/${completed.id}`)).body;
    expect(buyers).toContain("Total");
    expect(buyers).not.toContain("ReLaptop’s fee");
    expect(buyers).not.toContain("Seller receives");
    expect((await as.bea.get(`/api/orders/${completed.id}`)).json().feeCents).toBeNull();
    expect((await as.sam.get(`/api/orders/${completed.id}`)).json().feeCents).toBe(2_600);
  });

  it("says what the seller receives on the advert forms, with the fee rule", async () => {
    const post = (await as.sam.get("/dashboard/post/add")).body;
    expect(post).toContain('aria-live="polite"');
    expect(post).toContain("Type a resale price to see what you receive (ReLaptop’s fee: 5%).");
    const edit = (await as.sam.get(`/dashboard/post/edit/${advertId}`)).body;
    expect(edit).toContain("You receive $285");
    expect(edit).toContain("(ReLaptop’s fee: 5%)");
  });
});
