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

  // Each list's first page and a next one (past a cursor), and the index the plan must read it from (a pattern).
  const lists: { first: string; next: string; index: string; page: (next: boolean) => Promise<string> }[] = [
    {
      first: "a conversation's newest messages",
      next: "its older messages",
      index: "Index Scan using messages_conversation_idx",
      page: (next) => plan(messagesQuery(t.db, next), { id: crypto.randomUUID(), at: someone.at, before: someone.id }),
    },
    {
      first: "a person's newest notifications",
      next: "their older ones",
      index: "Index Scan using notifications_user_created_idx",
      page: (next) => plan(notificationsQuery(t.db, someone.me, next ? [someone.at, someone.id] : null, 21), {}),
    },
    {
      first: "the review queue's first page: oldest flagged first",
      next: "its next pages: oldest flagged first",
      index: "Index Scan using adverts_flagged_idx",
      page: (next) => plan(reviewQueueQuery(t.db, next ? cursor : null, 51), {}),
    },
    {
      first: "a person's newest favourites",
      next: "their older ones",
      index: "Index (Only )?Scan using favourites_user_created_idx",
      page: (next) => plan(favouritesPageQuery(t.db, next), someone),
    },
    {
      first: "a seller's newest reviews",
      next: "their older ones",
      index: "Index Scan using reviews_seller_published_idx",
      page: (next) => plan(sellerReviewsQuery(t.db, someone.me, next ? [someone.at, someone.id] : null, 11), {}),
    },
    {
      first: "a person's newest saved-search matches",
      next: "their older ones",
      index: "Index (Only )?Scan using saved_search_matches_newest_idx",
      page: (next) => {
        const after = next ? [someone.at, crypto.randomUUID(), someone.id] : null;
        return plan(savedSearchMatchesQuery(t.db, someone.me, after, 21), {});
      },
    },
    {
      first: "a seller's newest sales (My Sales)",
      next: "their older ones",
      index: "Index Scan using orders_seller_newest_idx",
      page: (next) =>
        plan(salesQuery(t.db, someone.me, { after: next ? [someone.at, someone.id] : null, limit: 21 }), {}),
    },
  ];
  it.each(lists.flatMap((list) => [[list.first, list, false] as const, [list.next, list, true] as const]))(
    "%s",
    async (_name, { index, page }, next) => {
      const text = await page(next);
      expect(text).toMatch(new RegExp(index));
      expect(text).not.toMatch(SORT_STEP);
      if (next) startsAtCursor(text);
    },
  );

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
