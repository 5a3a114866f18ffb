import { fillPlaceholders, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxQuery } from "../../core/conversations/inbox.ts";
import { messagesQuery } from "../../core/conversations/open-conversation.ts";
import { openDisputesQuery } from "../../core/disputes/open-disputes.ts";
import { favouritesPageQuery } from "../../core/favourites/index.ts";
import { reviewQueueQuery } from "../../core/moderation/index.ts";
import { notificationsQuery } from "../../core/notifications/index.ts";
import { salesQuery } from "../../core/orders/list-sales.ts";
import { sellerReviewsQuery } from "../../core/reviews/seller-reviews.ts";
import { savedSearchMatchesQuery } from "../../core/saved-searches/index.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * A person's lists (their conversations as buyer and as seller, a conversation's messages) are read a page
 * at a time in their index's order. Ordered with plain DESC (NULLS FIRST) where the index is DESC NULLS
 * LAST, PostgreSQL cannot use the index's order and reads and sorts every row of the person: the inbox's
 * first page read all of someone's conversations (db/order.ts). And a page past a cursor starts its index
 * scan at the cursor: spelled out as `a < x or (a = x and b < y)`, the cursor was only a filter, and page n
 * read every row of the n − 1 pages before it (db/order.ts, pastCursor). Sorting and sequential scans are
 * priced out here, so a plan that still sorts is one that has no other way.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, unknown>) {
  const { sql: text, params } = query.toSQL();
  const filled = fillPlaceholders(params, values);
  const literal = (v: unknown) =>
    typeof v === "number" ? String(v) : `'${(v instanceof Date ? v.toISOString() : String(v)).replaceAll("'", "''")}'`;
  const inlined = text.replace(/\$(\d+)/g, (_, i: string) => literal(filled[Number(i) - 1]));
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const result = (await tx.execute(sql.raw(`explain ${inlined}`))) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((r) => Object.values(r)[0]).join("\n");
  });
}

/** A sort step of the plan (not a Merge Append's "Sort Key", which merges rows already in order). */
const SORT_STEP = /(^|->)\s*(Incremental )?Sort\s+\(/m;

const someone = { me: "u".repeat(32), limit: 21, at: "2026-01-01T00:00:00.000Z", id: crypto.randomUUID() };
const cursor = { at: new Date(someone.at), id: someone.id };

/**
 * Each scan of the list's own index (`scans` of them) starts at the cursor (a row comparison in its
 * condition) and filters nothing out. (Lookups joined to the page may filter their own rows.)
 */
function startsAtCursor(plan: string, scans = 1) {
  const own = plan.split(/\n(?=\s*->)/).filter((step) => /Index (Only )?Scan using \w+_(idx)\b/.test(step));
  const listScans = own.filter((step) => /Index Cond: .*ROW\(/.test(step));
  expect(listScans).toHaveLength(scans);
  for (const step of listScans) expect(step).not.toMatch(/Filter:/);
}

describe("a person's lists are read in their index's order, never all of them sorted", () => {
  it.each([
    ["the inbox's first page", false],
    ["its next pages", true],
  ])("%s: the person's conversations as buyer and as seller, each from its index", async (_name, next) => {
    const text = await plan(inboxQuery(t.db, next), someone);
    expect(text).toMatch(/Index Scan using conversations_buyer_inbox_idx/);
    expect(text).toMatch(/Index Scan using conversations_seller_inbox_idx/);
    // The two sides merged in their order, then cut to a page: only that page is joined.
    expect(text).toMatch(/Limit[\s\S]*Merge Append/);
    expect(text).not.toMatch(SORT_STEP);
    if (next) startsAtCursor(text, 2); // as buyer and as seller
  });

  it.each([
    ["a conversation's newest messages", false],
    ["its older messages", true],
  ])("%s", async (_name, next) => {
    const text = await plan(messagesQuery(t.db, next), {
      id: crypto.randomUUID(),
      at: someone.at,
      before: someone.id,
    });
    expect(text).toMatch(/Index Scan using messages_conversation_idx/);
    expect(text).not.toMatch(SORT_STEP);
    if (next) startsAtCursor(text);
  });

  it.each([
    ["a person's newest notifications", null],
    ["their older ones", [someone.at, someone.id]],
  ])("%s", async (_name, after) => {
    const text = await plan(notificationsQuery(t.db, someone.me, after, 21), {});
    expect(text).toMatch(/Index Scan using notifications_user_created_idx/);
    expect(text).not.toMatch(SORT_STEP);
    if (after) startsAtCursor(text);
  });

  it.each([
    ["the review queue's first page", null],
    ["its next pages", cursor],
  ])("%s: oldest flagged first", async (_name, after) => {
    const text = await plan(reviewQueueQuery(t.db, after, 51), {});
    expect(text).toMatch(/Index Scan using adverts_flagged_idx/);
    expect(text).not.toMatch(SORT_STEP);
    if (after) startsAtCursor(text);
  });

  it.each([
    ["a person's newest favourites", false],
    ["their older ones", true],
  ])("%s", async (_name, next) => {
    const text = await plan(favouritesPageQuery(t.db, next), someone);
    expect(text).toMatch(/Index (Only )?Scan using favourites_user_created_idx/);
    expect(text).not.toMatch(SORT_STEP);
    if (next) startsAtCursor(text);
  });

  it.each([
    ["a seller's newest reviews", null],
    ["their older ones", [someone.at, someone.id]],
  ])("%s", async (_name, after) => {
    const text = await plan(sellerReviewsQuery(t.db, someone.me, after, 11), {});
    expect(text).toMatch(/Index Scan using reviews_seller_published_idx/);
    expect(text).not.toMatch(SORT_STEP);
    if (after) startsAtCursor(text);
  });

  it.each([
    ["a person's newest saved-search matches", null],
    ["their older ones", [someone.at, crypto.randomUUID(), someone.id]],
  ])("%s", async (_name, after) => {
    const text = await plan(savedSearchMatchesQuery(t.db, someone.me, after, 21), {});
    expect(text).toMatch(/Index (Only )?Scan using saved_search_matches_newest_idx/);
    expect(text).not.toMatch(SORT_STEP);
    if (after) startsAtCursor(text);
  });

  it.each([
    ["a seller's newest sales (My Sales)", null],
    ["their older ones", [someone.at, someone.id]],
  ])("%s", async (_name, after) => {
    const text = await plan(salesQuery(t.db, someone.me, { after, limit: 21 }), {});
    expect(text).toMatch(/Index Scan using orders_seller_newest_idx/);
    expect(text).not.toMatch(SORT_STEP);
    if (after) startsAtCursor(text);
  });

  it("admins' open disputes past a cursor: their partial index, from the cursor, in its order", async () => {
    const text = await plan(openDisputesQuery(t.db, { after: [someone.at, someone.id], limit: 11 }), {});
    expect(text).toContain("disputes_open_idx");
    expect(text).not.toMatch(SORT_STEP);
    startsAtCursor(text);
  });

  it("a seller's sales of one status: the same index, in its order", async () => {
    const text = await plan(salesQuery(t.db, someone.me, { status: "booked", after: null, limit: 21 }), {});
    expect(text).toMatch(/Index Scan using orders_seller_newest_idx/);
    expect(text).not.toMatch(SORT_STEP);
  });
});
