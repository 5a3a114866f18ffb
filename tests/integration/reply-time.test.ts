import { afterAll, beforeAll, expect, it } from "vitest";
import { typicalReplyTime } from "../../core/conversations/index.ts";
import { conversations, messages } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/** A seller's typical reply time (for the trust panel), from messages written at known times. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const minutes = (m: number) => new Date(Date.UTC(2026, 0, 1) + m * 60_000);

it("is the median wait from a buyer's first unanswered message to the seller's reply", async () => {
  const brand = await createBrand(t, "Acer");
  const seller = await createUser(t, { name: "Slow Seller", email: "slow@x.test", role: "seller" });
  const quiet = await createUser(t, { name: "Quiet Seller", email: "quiet@x.test", role: "seller" });
  expect(await typicalReplyTime(t.db, seller.id)).toEqual({ medianMs: null, replies: 0 });

  const thread = async (buyerEmail: string, script: [from: "buyer" | "seller", at: number][]) => {
    const buyer = await createUser(t, { name: "B", email: buyerEmail });
    const advert = await createAdvert(t, {
      sellerId: seller.id,
      brandId: brand.id,
      name: "A",
      resalePriceCents: 1,
    });
    const [c] = await t.db
      .insert(conversations)
      .values({
        advertId: advert.id,
        buyerId: buyer.id,
        sellerId: seller.id,
        lastMessageAt: minutes(Math.max(...script.map(([, at]) => at))),
      })
      .returning();
    if (!c) throw new Error("no conversation");
    await t.db.insert(messages).values(
      script.map(([from, at]) => ({
        conversationId: c.id,
        senderId: from === "buyer" ? buyer.id : seller.id,
        body: "…",
        createdAt: minutes(at),
      })),
    );
  };
  // Two questions in a row: the clock starts at the first (10 min); then 30 min; a seller's second
  // message in a row is no new reply; a question never answered counts for nothing.
  await thread("b1@x.test", [
    ["buyer", 0],
    ["buyer", 1],
    ["seller", 10],
    ["seller", 11],
    ["buyer", 20],
    ["seller", 50],
    ["buyer", 60],
  ]);
  // Two hours.
  await thread("b2@x.test", [
    ["buyer", 0],
    ["seller", 120],
  ]);
  expect(await typicalReplyTime(t.db, seller.id)).toEqual({ medianMs: 30 * 60_000, replies: 3 });
  expect(await typicalReplyTime(t.db, quiet.id)).toEqual({ medianMs: null, replies: 0 });
  // Only the latest answered conversations count (by last activity: the first thread's ended at 60, the
  // second's at 120); a newer question not yet answered neither counts nor pushes the answered ones out.
  await thread("b3@x.test", [["buyer", 200]]);
  expect(await typicalReplyTime(t.db, seller.id)).toEqual({ medianMs: 30 * 60_000, replies: 3 });
  expect(await typicalReplyTime(t.db, seller.id, 1)).toEqual({ medianMs: 120 * 60_000, replies: 1 });
});
