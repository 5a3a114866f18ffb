import { and, eq, isNotNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adverts, ledgerEntries, orders, users } from "../../db/schema/index.ts";
import { seedBulk } from "../../seed/bulk.ts";
import { createUser } from "../../seed/factories.ts";
import { brokenMoneyInvariantsIn } from "../support/money-invariants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** `npm run seed:bulk`: what scale work finds in the catalogue it makes (a small run of it). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedBulk(t, 3_000);
});
afterAll(() => t?.close());

it("fills the review queue at scale too: held adverts hidden from buyers, and a flagged public one", async () => {
  const admin = await createUser(t, { name: "Ada Admin", email: "ada@x.test", role: "admin" });
  const { adverts: queued } = await t.services.moderation.heldAdverts.queue(admin);
  expect(queued.length).toBeGreaterThanOrEqual(3);
  const kinds = new Set(queued.flatMap((a) => a.signals.map((s) => s.kind)));
  expect([...kinds].sort()).toEqual(["low_price", "off_site_contact", "shared_mobile"]);
  expect(queued.filter((a) => a.held).length).toBeGreaterThanOrEqual(2);
  expect(queued.some((a) => !a.held)).toBe(true);
  for (const held of queued.filter((a) => a.held)) {
    expect(await t.services.catalogue.getAdvert(held.id)).toBeNull();
  }
});

it("gives each bulk seller a mobile number of their own (a shared one is a review signal)", async () => {
  const [row] = await t.db
    .select({
      sellers: sql<number>`count(distinct ${adverts.sellerId})::int`,
      numbers: sql<number>`count(distinct (${adverts.sellerId}, ${adverts.mobile}))::int`,
      mobiles: sql<number>`count(distinct ${adverts.mobile})::int`,
    })
    .from(adverts)
    .innerJoin(users, eq(users.id, adverts.sellerId))
    .where(and(like(adverts.sellerId, "bulk-%"), sql`${adverts.reviewSignals} is null`));
  expect(row?.mobiles).toBe(row?.sellers);
  expect(row?.numbers).toBe(row?.sellers);
  const flagged = await t.db.select().from(adverts).where(isNotNull(adverts.flaggedAt));
  expect(flagged.length).toBeGreaterThan(0);
});

it("puts its sales history in the ledger, paid and completed on their own dates, and the money agrees", async () => {
  expect(await brokenMoneyInvariantsIn(t.db)).toEqual([]);
  const [row] = await t.db
    .select({
      orders: sql<number>`count(distinct ${orders.id})::int`,
      completed: sql<number>`(count(distinct ${orders.id}) filter (where ${orders.status} = 'completed'))::int`,
      groups: sql<number>`count(distinct ${ledgerEntries.groupId})::int`,
      paidAtPayment: sql<boolean>`bool_and(${ledgerEntries.movement} <> 'pay' or ${ledgerEntries.createdAt} = ${orders.createdAt} + interval '2 hours')`,
    })
    .from(orders)
    .innerJoin(ledgerEntries, eq(ledgerEntries.orderId, orders.id))
    .where(like(orders.sellerId, "bulk-%"));
  expect(row?.orders).toBeGreaterThan(100);
  expect(row?.groups).toBe((row?.orders ?? 0) + (row?.completed ?? 0));
  expect(row?.paidAtPayment).toBe(true);
});
