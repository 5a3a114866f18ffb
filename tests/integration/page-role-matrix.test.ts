import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvert, createBrand, createCompletedOrder, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { insertPasskey } from "../support/passkeys.ts";
import { signedInClient } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * The pages' side of the role × operation matrix (role-matrix.test.ts covers the API from its OpenAPI
 * document): every page of the dashboard and every page with a form, read and posted by each kind of person.
 * A page's loader and action check the session and role themselves, and the core checks ownership; this
 * table is what a person sees when they try, whatever the menu offers them.
 *   login  — sent to /login, carrying the page to come back to
 *   home   — sent home with "This route is forbidden for you!"
 *   orders — sent to My Orders with the reason (a review of an order that is not theirs, or not received)
 *   back   — sent back to the page the form came from, with the reason (the heart without JavaScript)
 *   ok     — the page (200), or for a post: let through to the form's own checks (a 4xx naming the field, or
 *            a redirect with a success toast)
 *   403    — a page that explains why instead (Add Advertisement tells a buyer how to become a seller; a
 *            form refused with the reason on it)
 *   404    — someone else's private thing: it does not exist for them
 *   302 /… — a redirect without a toast, to where it says (ids as :id): a conversation made, say
 */
type Who = "visitor" | "buyer" | "seller" | "sellerAsUser" | "admin";
type Outcome = "login" | "home" | "orders" | "back" | "ok" | "403" | "404" | `302 /${string}`;
const WHO: Who[] = ["visitor", "buyer", "seller", "sellerAsUser", "admin"];

let t: TestApp;
const as = {} as Record<Who, Client>;
const ids = {} as Record<
  | "brand"
  | "advert"
  | "order"
  | "conversation"
  | "reported"
  | "notice"
  | "otherUser"
  | "owner"
  | "review"
  | "savedSearch"
  | "olgaSession"
  | "olgaPasskey",
  string
>;
const form = { "content-type": "application/x-www-form-urlencoded" };

beforeAll(async () => {
  t = await startPageApp();
  // "Download my data" queues its job.
  await t.services.jobs.start();
  ids.brand = (await createBrand(t, "Lenovo")).id;
  const owner = await createUser(t, { name: "Owen", email: "owner@x.test", role: "seller", verified: true });
  const someone = await createUser(t, { name: "Olga", email: "olga@x.test" });
  ids.otherUser = someone.id;
  for (const [who, role] of [
    ["buyer", "user"],
    ["seller", "seller"],
    ["sellerAsUser", "seller"],
    ["admin", "admin"],
  ] as const) {
    await createUser(t, { name: who, email: `${who}@x.test`, role, verified: true });
  }
  for (const who of WHO) {
    as[who] = client(t);
    if (who !== "visitor") await as[who].signIn(`${who}@x.test`);
  }
  await as.sellerAsUser.raw("PUT", "/api/me/acting-mode", { mode: "user" });
  // Owen's and Olga's private things, which none of the five may see.
  const advert = async (name: string) =>
    createAdvert(t, { sellerId: owner.id, brandId: ids.brand, name, resalePriceCents: 50_000 });
  ids.owner = owner.id;
  ids.advert = (await advert("Owen's ThinkPad")).id;
  ids.order = (await createCompletedOrder(t, someone, (await advert("Sold ThinkPad")).id)).id;
  const olga = await signedInClient(t, "olga@x.test");
  const opened = await olga.post("/api/conversations", { advertId: ids.advert, body: "Is it still for sale?" });
  ids.conversation = opened.json().id;
  const notices = (
    await (async () => {
      const owen = await signedInClient(t, "owner@x.test");
      return owen.get("/api/notifications");
    })()
  ).json();
  ids.notice = notices.items[0].id;
  // More of Olga's: a conversation she reported (admins may read it), her review of the order, her favourite
  // and her saved search.
  ids.reported = (
    await olga.post("/api/conversations", { advertId: (await advert("Owen's other ThinkPad")).id, body: "Hello?" })
  ).json().id;
  expect((await olga.post(`/api/conversations/${ids.reported}/report`, { reason: "Other" })).statusCode).toBe(201);
  const review = await olga.post(`/api/orders/${ids.order}/review`, { rating: 4, body: "As described." });
  ids.review = review.json().id;
  expect((await olga.raw("PUT", `/api/favourites/${ids.advert}`)).statusCode).toBeLessThan(300);
  ids.savedSearch = (await olga.post("/api/saved-searches", { q: "thinkpad" })).json().id;
  ids.olgaSession = (await olga.get("/api/me/sessions")).json().items.find((s: { current: boolean }) => s.current).id;
  ids.olgaPasskey = await insertPasskey(t, someone.id, "Olga's phone");
});
afterAll(() => closePageApp(t));

/** The toast a redirect carries, if any: its signed cookie's value is base64 JSON, then its signature. */
function toastType(setCookie: unknown): "success" | "error" | undefined {
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie]).map(String);
  const value = cookies
    .find((c) => c.startsWith("relaptop_toast="))
    ?.split(";")[0]
    ?.slice("relaptop_toast=".length);
  if (!value) return undefined;
  const signed = decodeURIComponent(value);
  const json = Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString();
  return (JSON.parse(json) as { __flash_toast__?: { type: "success" | "error" } }).__flash_toast__?.type;
}

function outcome(res: { statusCode: number; headers: Record<string, unknown> }): Outcome | string {
  const location = String(res.headers.location ?? "");
  const toast = toastType(res.headers["set-cookie"]);
  if (res.statusCode === 302) {
    if (location.startsWith("/login?")) return "login";
    if (toast === "success") return "ok";
    if (location === "/" && toast === "error") return "home";
    if (location === "/dashboard/my/orders" && toast === "error") return "orders";
    if (toast === "error") return "back";
    return `302 ${location.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ":id")}`;
  }
  // A form let through to its own checks: its fields' messages (400), or a rule of the thing it acts on.
  if (res.statusCode === 200 || res.statusCode === 400 || res.statusCode === 409) return "ok";
  return String(res.statusCode);
}

/** Someone else's private thing, as each of the five sees it: it does not exist for them. */
const SOMEONE_ELSES: Outcome[] = ["login", "404", "404", "404", "404"];
/** Olga's conversation with Owen, and her order of his laptop. */
const conversationPage = () => `/dashboard/messages/${ids.conversation}`;
const orderPage = () => `/dashboard/orders/${ids.order}`;

/**
 * Pages read and posted to alike → what each of visitor, buyer, seller, seller acting as a user, admin sees
 * (posted empty, a form's fields are refused: 400, let through).
 */
const READ_OR_POSTED: [string, () => string, Outcome[]][] = [
  ["profile", () => "/profile", ["login", "ok", "ok", "ok", "ok"]],
  // Anyone signed in turns their own two-factor on (posted empty: no intent, 400) or off.
  ["two-factor", () => "/account/two-factor", ["login", "ok", "ok", "ok", "ok"]],
  ["notifications", () => "/dashboard/notifications", ["login", "ok", "ok", "ok", "ok"]],
  ["saved searches", () => "/dashboard/saved-searches", ["login", "ok", "ok", "ok", "ok"]],
  ["my orders", () => "/dashboard/my/orders", ["login", "ok", "ok", "ok", "home"]],
  ["my sales", () => "/dashboard/sales", ["login", "home", "ok", "home", "home"]],
  // A seller's own money only: acting as a user, they switch back first, as for My Sales.
  ["payouts", () => "/dashboard/payouts", ["login", "home", "ok", "home", "home"]],
  ["add brand", () => "/dashboard/add/brand", ["login", "home", "home", "home", "ok"]],
  ["all brands", () => "/dashboard/all/brands", ["login", "home", "home", "home", "ok"]],
  ["reported items", () => "/dashboard/reported-items", ["login", "home", "home", "home", "ok"]],
  ["stolen serials", () => "/dashboard/stolen-serials", ["login", "home", "home", "home", "ok"]],
  ["proof photos", () => "/dashboard/proof-photos", ["login", "home", "home", "home", "ok"]],
  ["disputes", () => "/dashboard/disputes", ["login", "home", "home", "home", "ok"]],
  ["email delivery", () => "/dashboard/email-delivery", ["login", "home", "home", "home", "ok"]],
];

/** Page → what each sees when reading it: those above, and these. */
const READS: [string, () => string, Outcome[]][] = [
  ...READ_OR_POSTED,
  ["dashboard", () => "/dashboard", ["login", "ok", "ok", "ok", "ok"]],
  // The profile's Passkeys section loads each person's own.
  ["passkeys", () => "/account/passkeys", ["login", "ok", "ok", "ok", "ok"]],
  // The link sent to a new address: anyone may follow one (it proves the address); an unknown one says so.
  ["a Change email link", () => "/account/email/confirm?token=not-a-token", ["ok", "ok", "ok", "ok", "ok"]],
  ["someone's notification", () => `/dashboard/notifications/${ids.notice}`, SOMEONE_ELSES],
  ["messages", () => "/dashboard/messages", ["login", "ok", "ok", "ok", "ok"]],
  ["someone's conversation", conversationPage, SOMEONE_ELSES],
  // Once one of its two people reported it, admins read it (Reported Items); still nobody else.
  [
    "someone's reported conversation",
    () => `/dashboard/messages/${ids.reported}`,
    ["login", "404", "404", "404", "ok"],
  ],
  // Olga's conversation about this laptop stays hers: anyone else gets a form of their own, not her thread.
  ["message a seller", () => `/dashboard/messages/new?advert=${ids.advert}`, ["login", "ok", "ok", "ok", "ok"]],
  ["favourites", () => "/dashboard/favourites", ["login", "ok", "ok", "ok", "home"]],
  ["someone's payment", () => `/dashboard/payment/${ids.order}`, SOMEONE_ELSES],
  // Olga's order on Owen's laptop: theirs and admins'; nobody else learns it exists.
  ["someone's order", orderPage, ["login", "404", "404", "404", "ok"]],
  [
    "someone's review",
    () => `/dashboard/my/orders/${ids.order}/review`,
    ["login", "orders", "orders", "orders", "orders"],
  ],
  ["category", () => `/category/${ids.brand}`, ["login", "ok", "ok", "ok", "ok"]],
  ["post advert", () => "/dashboard/post/add", ["login", "403", "ok", "403", "403"]],
  ["edit someone's advert", () => `/dashboard/post/edit/${ids.advert}`, ["login", "home", "404", "home", "home"]],
  ["someone's products", () => "/dashboard/adds/owner%40x.test", ["login", "home", "home", "home", "home"]],
  ["own products", () => "/dashboard/adds/seller%40x.test", ["login", "home", "ok", "home", "home"]],
  ["all sellers", () => "/dashboard/all/seller", ["login", "home", "home", "home", "ok"]],
  ["all buyers", () => "/dashboard/all/buyers", ["login", "home", "home", "home", "ok"]],
  ["admin log", () => "/dashboard/admin-log", ["login", "home", "home", "home", "ok"]],
  ["finance", () => "/dashboard/finance", ["login", "home", "home", "home", "ok"]],
  ["a person's orders", () => `/dashboard/users/${ids.otherUser}/orders`, ["login", "home", "home", "home", "ok"]],
];

/**
 * Page → what each sees when posting its form (those above, and these): empty, refused at the gate or let
 * through to its checks; or filled in (the fields after the outcomes), so that only the owner's check stands
 * between them and the thing — Olga's and Owen's, which none of the five may touch.
 */
const POSTS: [string, () => string, Outcome[], (() => Record<string, string>)?][] = [
  ...READ_OR_POSTED,
  // A form posted without JavaScript renders its page again: a seller posts to their own.
  ["feature or delete an advert", () => "/dashboard/adds/seller%40x.test", ["login", "home", "ok", "home", "home"]],
  ["post advert", () => "/dashboard/post/add", ["login", "home", "ok", "home", "home"]],
  ["edit advert", () => `/dashboard/post/edit/${ids.advert}`, ["login", "home", "ok", "home", "home"]],
  ["book", () => "/book", ["login", "ok", "ok", "ok", "ok"]],
  ["report", () => "/report", ["login", "ok", "ok", "ok", "ok"]],
  ["account mode", () => "/account/mode", ["login", "ok", "ok", "ok", "ok"]],
  // Olga's session, by its id: it does not exist for anyone else. Signing out one's own others: anyone signed in.
  [
    "sign out someone's session",
    () => "/profile",
    SOMEONE_ELSES,
    () => ({ intent: "sign-out-session", sessionId: ids.olgaSession }),
  ],
  [
    "sign out everywhere else",
    () => "/profile",
    ["login", "ok", "ok", "ok", "ok"],
    () => ({ intent: "sign-out-others" }),
  ],
  // Olga's passkey, by its id: it does not exist for anyone else.
  [
    "rename someone's passkey",
    () => "/account/passkeys",
    SOMEONE_ELSES,
    () => ({ intent: "rename", id: ids.olgaPasskey, name: "Mine now" }),
  ],
  [
    "remove someone's passkey",
    () => "/account/passkeys",
    SOMEONE_ELSES,
    () => ({ intent: "remove", id: ids.olgaPasskey }),
  ],
  // The button of the link sent to a new address: anyone may press it (it proves the address); an unknown one says so.
  [
    "confirm a Change email link",
    () => "/account/email/confirm",
    ["ok", "ok", "ok", "ok", "ok"],
    () => ({ token: "not-a-token" }),
  ],
  // Anyone signed in deletes their own account, and only with their password (a wrong one: 400 under it).
  [
    "delete my account",
    () => "/account/delete",
    ["login", "ok", "ok", "ok", "ok"],
    () => ({ password: "not-my-password" }),
  ],
  // Anyone signed in asks for their own data (its job queued; the ZIP is the API's: role-matrix.test.ts).
  ["download my data", () => "/account/export", ["login", "ok", "ok", "ok", "ok"], () => ({})],
  // Anyone signed in turns two-factor on, and only with their password (a wrong one: 400 under it).
  [
    "turn on two-factor",
    () => "/account/two-factor",
    ["login", "ok", "ok", "ok", "ok"],
    () => ({ intent: "start", password: "not-my-password" }),
  ],
  // Anyone signed in changes their own email, and only with their password (a wrong one: 400 under it).
  [
    "change email",
    () => "/profile",
    ["login", "ok", "ok", "ok", "ok"],
    () => ({ intent: "email", email: "someone-new@x.test", password: "not-my-password" }),
  ],
  // Anyone signed in links a Google account to their own (not set up here: 409) or unlinks it with their password
  // (none linked: 404), and sets a password for their own account (they have one: 409).
  ["link a Google account", () => "/account/google", ["login", "ok", "ok", "ok", "ok"], () => ({ intent: "link" })],
  [
    "unlink Google",
    () => "/account/google",
    ["login", "404", "404", "404", "404"],
    () => ({ intent: "unlink", password: "not-my-password" }),
  ],
  [
    "set a password",
    () => "/profile",
    ["login", "ok", "ok", "ok", "ok"],
    () => ({ intent: "setPassword", newPassword: "N3w!pass" }),
  ],
  // Olga's saved search, by its id: it does not exist for anyone else.
  [
    "rename someone's saved search",
    () => "/dashboard/saved-searches",
    SOMEONE_ELSES,
    () => ({ intent: "rename", id: ids.savedSearch, name: "Mine now" }),
  ],
  [
    "alerts of someone's saved search",
    () => "/dashboard/saved-searches",
    SOMEONE_ELSES,
    () => ({ intent: "alerts", id: ids.savedSearch, alerts: "off" }),
  ],
  [
    "delete someone's saved search",
    () => "/dashboard/saved-searches",
    SOMEONE_ELSES,
    () => ({ intent: "delete", id: ids.savedSearch }),
  ],
  // The heart without JavaScript: each person's own favourites only (admins keep none).
  [
    "the heart: save a laptop",
    () => "/favourites",
    ["login", "ok", "ok", "ok", "back"],
    () => ({ advertId: ids.advert, intent: "save", redirectTo: "/allAdd" }),
  ],
  [
    "the heart: remove a laptop Olga saved",
    () => "/favourites",
    ["login", "ok", "ok", "ok", "back"],
    () => ({ advertId: ids.advert, intent: "remove", redirectTo: "/allAdd" }),
  ],
  // Olga's conversation with Owen: it does not exist for anyone else, whatever the form asks of it.
  ["send in someone's conversation", conversationPage, SOMEONE_ELSES, () => ({ intent: "send", body: "Let me in" })],
  ["block in someone's conversation", conversationPage, SOMEONE_ELSES, () => ({ intent: "block" })],
  ["unblock in someone's conversation", conversationPage, SOMEONE_ELSES, () => ({ intent: "unblock" })],
  ["report someone's conversation", conversationPage, SOMEONE_ELSES, () => ({ intent: "report", reason: "Other" })],
  // Admins read a conversation once reported, and no more: they cannot write in it.
  [
    "send in someone's reported conversation",
    () => `/dashboard/messages/${ids.reported}`,
    SOMEONE_ELSES,
    () => ({ intent: "send", body: "Admin here" }),
  ],
  // Dismissing reports is an admin's; this conversation has none, and the admin may not read it either.
  [
    "dismiss someone's conversation's reports",
    conversationPage,
    ["login", "home", "home", "home", "404"],
    () => ({ intent: "dismiss" }),
  ],
  // A conversation of one's own about Owen's laptop (not Olga's, though she has one about it); admins do not buy.
  [
    "message a seller",
    () => `/dashboard/messages/new?advert=${ids.advert}`,
    ["login", "302 /dashboard/messages/:id", "302 /dashboard/messages/:id", "302 /dashboard/messages/:id", "403"],
    () => ({ body: "Is it still for sale?" }),
  ],
  // Olga's order: only its buyer reviews it (the page drawn again after the refusal sends them back too).
  [
    "review someone's order",
    () => `/dashboard/my/orders/${ids.order}/review`,
    ["login", "orders", "orders", "orders", "orders"],
    () => ({ rating: "1", body: "Never bought it." }),
  ],
  // Owen's sale to Olga: only Owen declines it (a seller who is not Owen is told it does not exist).
  [
    "decline someone's order on its page",
    orderPage,
    ["login", "home", "404", "home", "home"],
    () => ({ intent: "decline", orderId: ids.order, reason: "Not mine to sell" }),
  ],
  [
    "decline someone's order from My Sales",
    () => "/dashboard/sales",
    ["login", "home", "404", "home", "home"],
    () => ({ intent: "decline", orderId: ids.order, reason: "Not mine to sell" }),
  ],
  // Only Olga reports a problem with her order, and only she and Owen write in a problem reported on it.
  [
    "report a problem with someone's order",
    orderPage,
    SOMEONE_ELSES,
    () => ({ intent: "reportProblem", reason: "other", description: "Not my order" }),
  ],
  ["write in someone's dispute", orderPage, SOMEONE_ELSES, () => ({ intent: "disputeMessage", body: "Not my order" })],
  // Olga's review of Owen: only Owen answers it; anyone signed in may report it.
  [
    "answer a review of someone else",
    () => `/sellers/${ids.owner}`,
    ["login", "403", "403", "403", "403"],
    () => ({ intent: "answer", reviewId: ids.review, answer: "Not my laptop." }),
  ],
  [
    "report a review",
    () => `/sellers/${ids.owner}`,
    ["login", "ok", "ok", "ok", "ok"],
    () => ({ intent: "report", reviewId: ids.review }),
  ],
];

describe("the pages' role × operation matrix", () => {
  it.each(READS)("reading %s", async (_, path, expected) => {
    const seen = [];
    for (const who of WHO) seen.push(outcome(await as[who].get(path())));
    expect(seen).toEqual(expected);
  });

  it.each(POSTS)("posting to %s", async (_, path, expected, fields) => {
    const seen = [];
    const body = fields ? new URLSearchParams(fields()).toString() : "";
    for (const who of WHO) seen.push(outcome(await as[who].raw("POST", path(), body, form)));
    expect(seen).toEqual(expected);
  });

  // The posts above answered as refusals; this is what they left of Olga's things: all of it, unchanged.
  it("leaves someone's conversation, review, favourite, saved search, session and passkey as they were", async () => {
    const olga = await signedInClient(t, "olga@x.test");
    // Her first device's session too: nobody else's "Sign out" reached it.
    const sessions = (await olga.get("/api/me/sessions")).json().items.map((s: { id: string }) => s.id);
    expect(sessions).toContain(ids.olgaSession);
    const thread = (await olga.get(`/api/conversations/${ids.conversation}`)).json();
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual(["Is it still for sale?"]);
    expect(thread.notice).toBeNull(); // nobody blocked anybody in it
    const owen = await signedInClient(t, "owner@x.test");
    expect((await owen.get(`/api/conversations/${ids.conversation}`)).json().messages).toHaveLength(1);
    const unreported = await as.admin.get(`/api/conversations/${ids.conversation}`);
    expect(unreported.statusCode).toBe(404); // nobody reported it for Olga
    const reported = (await as.admin.get(`/api/conversations/${ids.reported}`)).json();
    expect(reported.messages.map((m: { body: string }) => m.body)).toEqual(["Hello?"]);
    const reviews = (await olga.get(`/api/sellers/${ids.owner}/reviews`)).json();
    expect(reviews.reviews.find((r: { id: string }) => r.id === ids.review)).toMatchObject({
      rating: 4,
      body: "As described.",
      answer: null,
    });
    const favourites = (await olga.get("/api/favourites")).json();
    expect(favourites.items.map((f: { advertId: string }) => f.advertId)).toEqual([ids.advert]);
    expect((await olga.get(`/api/saved-searches/${ids.savedSearch}`)).json()).toMatchObject({
      name: expect.not.stringMatching("Mine now"),
      alerts: "instant",
    });
    expect((await olga.get("/api/me/passkeys")).json().items).toMatchObject([
      { id: ids.olgaPasskey, name: "Olga's phone" },
    ]);
  });
});
