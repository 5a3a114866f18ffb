import { beforeAll, describe, expect, it } from "vitest";
import { newOrderNumber } from "../../core/orders/index.ts";
import {
  adverts,
  conversationReports,
  conversations,
  orders,
  reports,
  reviewReports,
  reviews,
} from "../../db/schema/index.ts";
import { createBrand, createUser } from "../../seed/factories.ts";
import { pageAppForTests } from "../support/page-build.ts";
import { type Person, signedInPerson } from "../support/people.ts";

/**
 * Reported Items' three lists in keyset pages (50 a page): more reported laptops, reviews and conversations
 * than a page holds, written in bulk with ties in their order (as many reports, reported at the same moment),
 * paged to the end through the API and through the page's own links.
 */
const t = pageAppForTests();
let admin: Person;
let buyer: Person;

const ITEMS = 120;
const PAGE = 50;
const BASE = Date.parse("2026-11-01T10:00:00.000Z");
const name = (i: number) => `Reported laptop ${String(i).padStart(3, "0")}`;

interface Group {
  id: string;
  reports: number;
  last: number;
}
/** The lists' order: most reports first, then the latest report, then the id (all descending). */
const byReports = (a: Group, b: Group) =>
  b.reports - a.reports || b.last - a.last || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const byLatest = (a: Group, b: Group) => b.last - a.last || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

let advertOrder: string[];
let reviewOrder: string[];
let conversationOrder: string[];

/**
 * The open reports of item i: 1 to 3 reporters, the latest of them at one of 7 moments (so many items tie on
 * both and only their id tells them apart), and now and then a later report already dismissed (not counted).
 */
function reportsOf(i: number, reporters: string[]) {
  const count = 1 + (i % 3);
  const last = BASE + (i % 7) * 1000;
  const open = reporters.slice(0, count).map((reporterId, r) => ({
    reporterId,
    status: "open" as const,
    createdAt: new Date(last - r * 60_000),
  }));
  const closed =
    i % 10 === 0
      ? [{ reporterId: reporters[3] as string, status: "dismissed" as const, createdAt: new Date(BASE + 3_600_000) }]
      : [];
  return { open, all: [...open, ...closed], count, last };
}

/** The ids of these items, the i-th reported as reportsOf(i) says, in the lists' order. */
const inListOrder = (items: { id: string }[], reporters: string[]) =>
  items
    .map((item, i) => ({ id: item.id, reports: reportsOf(i, reporters).count, last: reportsOf(i, reporters).last }))
    .sort(byReports)
    .map((g) => g.id);

beforeAll(async () => {
  const db = t.db;
  admin = await signedInPerson(t, "admin");
  buyer = await signedInPerson(t);
  const seller = await createUser(t, { name: "Rita Seller", email: "rita@x.test", role: "seller" });
  const reporters = [buyer.user.id];
  for (const n of [1, 2, 3]) {
    reporters.push((await createUser(t, { name: `Reporter ${n}`, email: `reporter${n}@x.test` })).id);
  }
  const brand = await createBrand(t, "Dell");
  const laptops = await db
    .insert(adverts)
    .values(
      Array.from({ length: ITEMS }, (_, i) => ({
        sellerId: seller.id,
        brandId: brand.id,
        name: name(i),
        imageKey: "reported.webp",
        originalPriceCents: 80_000,
        resalePriceCents: 50_000,
        yearsOfUse: 1,
        location: "Dhaka",
        mobile: "01711111111",
        description: "A reported laptop.",
        condition: "good" as const,
      })),
    )
    .returning({ id: adverts.id, name: adverts.name });
  laptops.sort((a, b) => a.name.localeCompare(b.name));

  // Reported laptops.
  await db
    .insert(reports)
    .values(
      laptops.flatMap((a, i) =>
        reportsOf(i, reporters).all.map((r) => ({ ...r, advertId: a.id, reason: "Scam or fraud" as const })),
      ),
    );
  advertOrder = inListOrder(laptops, reporters);

  // Reported reviews: one completed order and its review per laptop, by the buyer.
  const bought = await db
    .insert(orders)
    .values(
      laptops.map((a) => ({
        advertId: a.id,
        number: newOrderNumber(),
        sellerId: seller.id,
        buyerId: buyer.user.id,
        buyerName: buyer.user.name,
        buyerEmail: buyer.email,
        meetingLocation: "Gulshan 1, Dhaka",
        buyerPhone: "01711234567",
        priceCents: 50_000,
        productName: a.name,
        productImageKey: "reported.webp",
        status: "completed" as const,
      })),
    )
    .returning({ id: orders.id, advertId: orders.advertId });
  const written = await db
    .insert(reviews)
    .values(
      bought.map((o) => ({
        orderId: o.id,
        advertId: o.advertId,
        sellerId: seller.id,
        authorId: buyer.user.id,
        productName: laptops.find((a) => a.id === o.advertId)?.name ?? "",
        rating: 2,
        body: "It was not as described.",
      })),
    )
    .returning({ id: reviews.id, productName: reviews.productName });
  written.sort((a, b) => a.productName.localeCompare(b.productName));
  await db.insert(reviewReports).values(
    written.flatMap((w, i) =>
      reportsOf(i, reporters).all.map(({ reporterId, status, createdAt }) => ({
        reviewId: w.id,
        reporterId,
        status,
        createdAt,
      })),
    ),
  );
  reviewOrder = inListOrder(written, reporters);

  // Reported conversations: the buyer's about each laptop.
  const talks = await db
    .insert(conversations)
    .values(
      laptops.map((a) => ({ advertId: a.id, buyerId: buyer.user.id, sellerId: seller.id, reportedAt: new Date(BASE) })),
    )
    .returning({ id: conversations.id, advertId: conversations.advertId });
  const index = new Map(laptops.map((a, i) => [a.id, i]));
  await db.insert(conversationReports).values(
    talks.flatMap((c) =>
      reportsOf(index.get(c.advertId) ?? 0, reporters).all.map(({ reporterId, status, createdAt }) => ({
        conversationId: c.id,
        reporterId,
        status,
        createdAt,
        reason: "Other" as const,
      })),
    ),
  );
  conversationOrder = talks
    .map((c) => ({ id: c.id, reports: 0, last: reportsOf(index.get(c.advertId) ?? 0, reporters).last }))
    .sort(byLatest)
    .map((g) => g.id);
});

/** Every page of one list through the API, following `next` to the end. */
async function pageThrough(path: string, key: "groups" | "reviews" | "conversations", id: string) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const res = await admin.http.get(cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    pages.push(body[key].map((item: Record<string, string>) => item[id]));
    cursor = body.next;
  } while (cursor && pages.length < 10);
  return pages;
}

describe("the reported lists' API, in keyset pages", () => {
  it.each([
    ["/api/reports", "groups", "advertId", () => advertOrder],
    ["/api/review-reports", "reviews", "reviewId", () => reviewOrder],
    ["/api/reported-conversations", "conversations", "id", () => conversationOrder],
  ] as const)("%s: every item once, in order, to a last page whose next is null", async (path, key, id, order) => {
    const pages = await pageThrough(path, key, id);
    expect(pages.map((p) => p.length)).toEqual([PAGE, PAGE, ITEMS - 2 * PAGE]);
    expect(pages.flat()).toEqual(order());
    expect(new Set(pages.flat()).size).toBe(ITEMS);
  });

  it("the reported laptops' counts and latest reports are the open ones, in order", async () => {
    const { groups } = (await admin.http.get("/api/reports")).json() as {
      groups: { reports: number; lastReportedAt: string }[];
    };
    const keys = groups.map((g) => [g.reports, Date.parse(g.lastReportedAt)] as const);
    expect(keys[0]?.[0]).toBe(3);
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = [keys[i - 1], keys[i]] as [readonly [number, number], readonly [number, number]];
      expect(a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1])).toBe(true);
    }
  });

  it.each(["/api/reports", "/api/review-reports", "/api/reported-conversations"])(
    "%s refuses a cursor that is not one of its own, naming it",
    async (path) => {
      const forged = Buffer.from("3|not a time|not-an-id").toString("base64url");
      for (const cursor of ["nope", forged, "x".repeat(201)]) {
        const res = await admin.http.get(`${path}?cursor=${cursor}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe("VALIDATION_FAILED");
        expect(Object.keys(res.json().fields ?? {})).toEqual(["cursor"]);
      }
      // And nobody but an admin reads a page of it, cursor or not.
      const next = (await admin.http.get(path)).json().next as string;
      expect((await buyer.http.get(`${path}?cursor=${next}`)).statusCode).toBe(403);
    },
  );
});

describe("the Reported Items page, in pages", () => {
  /** The laptops a page shows, in its order (each row links its laptop; the page's data script is left out). */
  const laptopsOn = (html: string) => {
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    return [...new Set([...main.matchAll(/href="\/laptops\/([0-9a-f-]{36})"/g)].map((m) => m[1]))];
  };
  /** Each list's pager, by the parameter that carries its cursor. */
  const PAGERS: Record<string, string> = {
    advertsCursor: "Pages of reported laptops",
    reviewsCursor: "Pages of reported reviews",
    conversationsCursor: "Pages of reported conversations",
  };
  /** The href of the "Next page" link of the list paged by `param`, if its pager has one. */
  const nextLink = (html: string, param: string) => {
    const at = html.indexOf(`aria-label="${PAGERS[param]}"`);
    if (at < 0) return null;
    const pager = html.slice(at, html.indexOf("</nav>", at));
    const link = /<a [^>]*>Next page »<\/a>/.exec(pager)?.[0];
    const href = link && /href="([^"]*)"/.exec(link)?.[1]?.replaceAll("&amp;", "&");
    if (href) expect(new URL(href, "http://x.test").searchParams.has(param)).toBe(true);
    return href || null;
  };

  it("each list has a next-page link, and following the reported laptops' shows the rest", async () => {
    const first = await admin.http.get("/dashboard/reported-items");
    expect(first.statusCode).toBe(200);
    expect(laptopsOn(first.body)).toEqual(advertOrder.slice(0, PAGE));
    expect(nextLink(first.body, "reviewsCursor")).toMatch(/^\/dashboard\/reported-items\?reviewsCursor=/);
    expect(nextLink(first.body, "conversationsCursor")).toMatch(/^\/dashboard\/reported-items\?conversationsCursor=/);
    const toSecond = nextLink(first.body, "advertsCursor");
    expect(toSecond).toMatch(/^\/dashboard\/reported-items\?advertsCursor=/);

    const second = await admin.http.get(toSecond as string);
    expect(second.statusCode).toBe(200);
    expect(laptopsOn(second.body)).toEqual(advertOrder.slice(PAGE, 2 * PAGE));
    const toThird = nextLink(second.body, "advertsCursor") as string;
    // The other lists stay on their first page, their own links as they were (and keep the laptops' page).
    const reviewsCursor = (html: string) =>
      new URL(nextLink(html, "reviewsCursor") ?? "/", "http://x.test").searchParams.get("reviewsCursor");
    expect(reviewsCursor(second.body)).toBe(reviewsCursor(first.body));

    const third = await admin.http.get(toThird);
    expect(laptopsOn(third.body)).toEqual(advertOrder.slice(2 * PAGE));
    expect(nextLink(third.body, "advertsCursor")).toBeNull();
    expect(third.body).toContain("« First page");
  });

  it("following the reviews' and conversations' links keeps the laptops where they were", async () => {
    const first = await admin.http.get("/dashboard/reported-items");
    const reviewsNext = nextLink(first.body, "reviewsCursor") as string;
    const page = await admin.http.get(reviewsNext);
    expect(page.statusCode).toBe(200);
    expect(laptopsOn(page.body)).toEqual(advertOrder.slice(0, PAGE));
    const both = nextLink(page.body, "conversationsCursor") as string;
    expect(new URL(both, "http://x.test").searchParams.has("reviewsCursor")).toBe(true);
    expect((await admin.http.get(both)).statusCode).toBe(200);
  });

  it.each(["advertsCursor", "reviewsCursor", "conversationsCursor"])(
    "a %s that is not one of ours is a page that does not exist",
    async (param) => {
      const res = await admin.http.get(`/dashboard/reported-items?${param}=nope`);
      expect(res.statusCode).toBe(404);
    },
  );
});
