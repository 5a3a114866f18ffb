import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvert, createBrand, createCompletedOrder, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { closePageBuild, loadPageBuild } from "../support/page-build.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The pages' side of the role × operation matrix (role-matrix.test.ts covers the API from its OpenAPI
 * document): every page of the dashboard and every page with a form, read and posted by each kind of person.
 * A page's loader and action check the session and role themselves, and the core checks ownership; this
 * table is what a person sees when they try, whatever the menu offers them.
 *   login  — sent to /login, carrying the page to come back to
 *   home   — sent home with "This route is forbidden for you!"
 *   orders — sent to My Orders with the reason (a review of an order that is not theirs, or not received)
 *   ok     — the page (200), or for a post: let through to the form's own checks (a 4xx naming the field, or
 *            a redirect that is not a refusal)
 *   403    — a page that explains why instead (Add Advertisement tells a buyer how to become a seller)
 *   404    — someone else's private thing: it does not exist for them
 */
type Who = "visitor" | "buyer" | "seller" | "sellerAsUser" | "admin";
type Outcome = "login" | "home" | "orders" | "ok" | "403" | "404";
const WHO: Who[] = ["visitor", "buyer", "seller", "sellerAsUser", "admin"];

let t: TestApp;
const as = {} as Record<Who, ReturnType<typeof client>>;
const ids = {} as Record<"brand" | "advert" | "order" | "conversation" | "notice" | "otherUser", string>;
const form = { "content-type": "application/x-www-form-urlencoded" };

beforeAll(async () => {
  t = await startTestApp({}, {}, { pages: await loadPageBuild() });
  ids.brand = (await createBrand(t.services, "Lenovo")).id;
  const owner = await createUser(t.services, { name: "Owen", email: "owner@x.test", role: "seller", verified: true });
  const someone = await createUser(t.services, { name: "Olga", email: "olga@x.test" });
  ids.otherUser = someone.id;
  for (const [who, role] of [
    ["buyer", "user"],
    ["seller", "seller"],
    ["sellerAsUser", "seller"],
    ["admin", "admin"],
  ] as const) {
    await createUser(t.services, { name: who, email: `${who}@x.test`, role, verified: true });
  }
  for (const who of WHO) {
    as[who] = client(t);
    if (who !== "visitor") await as[who].signIn(`${who}@x.test`);
  }
  await as.sellerAsUser.raw("PUT", "/api/me/acting-mode", { mode: "user" });
  // Owen's and Olga's private things, which none of the five may see.
  const advert = async (name: string) =>
    createAdvert(t.services, { sellerId: owner.id, brandId: ids.brand, name, resalePriceCents: 50_000 });
  ids.advert = (await advert("Owen's ThinkPad")).id;
  ids.order = (await createCompletedOrder(t.services, someone, (await advert("Sold ThinkPad")).id)).id;
  const olga = client(t);
  await olga.signIn("olga@x.test");
  const opened = await olga.post("/api/conversations", { advertId: ids.advert, body: "Is it still for sale?" });
  ids.conversation = opened.json().id;
  const notices = (
    await (async () => {
      const owen = client(t);
      await owen.signIn("owner@x.test");
      return owen.get("/api/notifications");
    })()
  ).json();
  ids.notice = notices.items[0].id;
});
afterAll(async () => {
  await t?.close();
  await closePageBuild();
});

function outcome(res: { statusCode: number; headers: Record<string, unknown> }): Outcome | string {
  const location = String(res.headers.location ?? "");
  const toast = String(res.headers["set-cookie"] ?? "").includes("relaptop_toast=");
  if (res.statusCode === 302) {
    if (location.startsWith("/login?")) return "login";
    if (location === "/" && toast) return "home";
    if (location === "/dashboard/my/orders" && toast) return "orders";
    return `302 ${location}`;
  }
  // A form let through to its own checks: its fields' messages (400), or a rule of the thing it acts on.
  if (res.statusCode === 200 || res.statusCode === 400 || res.statusCode === 409) return "ok";
  return String(res.statusCode);
}

/** Page → what each of visitor, buyer, seller, seller acting as a user, admin sees when reading it. */
const READS: [string, () => string, Outcome[]][] = [
  ["dashboard", () => "/dashboard", ["login", "ok", "ok", "ok", "ok"]],
  ["profile", () => "/profile", ["login", "ok", "ok", "ok", "ok"]],
  ["notifications", () => "/dashboard/notifications", ["login", "ok", "ok", "ok", "ok"]],
  ["someone's notification", () => `/dashboard/notifications/${ids.notice}`, ["login", "404", "404", "404", "404"]],
  ["messages", () => "/dashboard/messages", ["login", "ok", "ok", "ok", "ok"]],
  ["someone's conversation", () => `/dashboard/messages/${ids.conversation}`, ["login", "404", "404", "404", "404"]],
  ["saved searches", () => "/dashboard/saved-searches", ["login", "ok", "ok", "ok", "ok"]],
  ["favourites", () => "/dashboard/favourites", ["login", "ok", "ok", "ok", "home"]],
  ["my orders", () => "/dashboard/my/orders", ["login", "ok", "ok", "ok", "home"]],
  ["someone's payment", () => `/dashboard/payment/${ids.order}`, ["login", "404", "404", "404", "404"]],
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
  ["add brand", () => "/dashboard/add/brand", ["login", "home", "home", "home", "ok"]],
  ["all brands", () => "/dashboard/all/brands", ["login", "home", "home", "home", "ok"]],
  ["all sellers", () => "/dashboard/all/seller", ["login", "home", "home", "home", "ok"]],
  ["all buyers", () => "/dashboard/all/buyers", ["login", "home", "home", "home", "ok"]],
  ["admin log", () => "/dashboard/admin-log", ["login", "home", "home", "home", "ok"]],
  ["reported items", () => "/dashboard/reported-items", ["login", "home", "home", "home", "ok"]],
  ["email delivery", () => "/dashboard/email-delivery", ["login", "home", "home", "home", "ok"]],
  ["a person's orders", () => `/dashboard/users/${ids.otherUser}/orders`, ["login", "home", "home", "home", "ok"]],
];

/** Page → what each sees when posting its form empty: refused at the gate, or let through to its checks. */
const POSTS: [string, () => string, Outcome[]][] = [
  // A form posted without JavaScript renders its page again: a seller posts to their own.
  ["feature or delete an advert", () => "/dashboard/adds/seller%40x.test", ["login", "home", "ok", "home", "home"]],
  ["post advert", () => "/dashboard/post/add", ["login", "home", "ok", "home", "home"]],
  ["edit advert", () => `/dashboard/post/edit/${ids.advert}`, ["login", "home", "ok", "home", "home"]],
  ["add brand", () => "/dashboard/add/brand", ["login", "home", "home", "home", "ok"]],
  ["all brands", () => "/dashboard/all/brands", ["login", "home", "home", "home", "ok"]],
  ["reported items", () => "/dashboard/reported-items", ["login", "home", "home", "home", "ok"]],
  ["email delivery", () => "/dashboard/email-delivery", ["login", "home", "home", "home", "ok"]],
  ["my orders", () => "/dashboard/my/orders", ["login", "ok", "ok", "ok", "home"]],
  ["book", () => "/book", ["login", "ok", "ok", "ok", "ok"]],
  ["report", () => "/report", ["login", "ok", "ok", "ok", "ok"]],
  ["account mode", () => "/account/mode", ["login", "ok", "ok", "ok", "ok"]],
  ["profile", () => "/profile", ["login", "ok", "ok", "ok", "ok"]],
  ["saved searches", () => "/dashboard/saved-searches", ["login", "ok", "ok", "ok", "ok"]],
  ["notifications", () => "/dashboard/notifications", ["login", "ok", "ok", "ok", "ok"]],
];

describe("the pages' role × operation matrix", () => {
  it.each(READS)("reading %s", async (_, path, expected) => {
    const seen = [];
    for (const who of WHO) seen.push(outcome(await as[who].get(path())));
    expect(seen).toEqual(expected);
  });

  it.each(POSTS)("posting to %s", async (_, path, expected) => {
    const seen = [];
    for (const who of WHO) seen.push(outcome(await as[who].raw("POST", path(), "", form)));
    expect(seen).toEqual(expected);
  });
});
