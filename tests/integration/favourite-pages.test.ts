import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adverts, favourites } from "../../db/schema/index.ts";
import type { Role } from "../../schemas/values.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { signedInPerson } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

/** The hearts and the favourites page as a browser without JavaScript uses them: links and plain form posts. */
let t: TestApp;
let n = 0;
let brandId: string;
let sellerId: string;

const person = (role: Role = "user") => signedInPerson(t, role);
/** A laptop for sale, by the file's seller unless another is named. */
const laptop = (name = `Heart laptop ${++n}`, priceCents = 50_000, seller = sellerId) =>
  createAdvert(t, { sellerId: seller, brandId, name, resalePriceCents: priceCents, advertised: true });
/**
 * The heart of one laptop in a page's HTML: a visitor's is its button (it carries the laptop as
 * name="favourite"); a buyer's is a form whose hidden advertId comes before its button.
 */
function heartOf(html: string, advertId: string) {
  for (let at = html.indexOf(`value="${advertId}"`); at >= 0; at = html.indexOf(`value="${advertId}"`, at + 1)) {
    const tag = html.slice(html.lastIndexOf("<", at), html.indexOf(">", at) + 1);
    const visitor = tag.startsWith("<button") && tag.includes('name="favourite"');
    if (!visitor && !(tag.startsWith("<input") && tag.includes('name="advertId"'))) continue;
    const button = visitor ? tag : (/<button[^>]*>/.exec(html.slice(at))?.[0] ?? "");
    return {
      visitor,
      pressed: /aria-pressed="true"/.test(button),
      label: /aria-label="([^"]+)"/.exec(button)?.[1],
    };
  }
  return null;
}

beforeAll(async () => {
  t = await startPageApp();
  brandId = (await createBrand(t, "Asus")).id;
  sellerId = (await createUser(t, { name: "Sid Seller", email: "sid@x.test", role: "seller" })).id;
});
afterAll(() => closePageApp(t));

describe("hearts", () => {
  it("a visitor's heart is a login form with nothing personal; logging in saves the laptop and comes back", async () => {
    const a = await laptop();
    const buyer = await person();
    // Someone else's favourite changes nothing on a visitor's page.
    await buyer.http.form("/favourites", { advertId: a.id, intent: "save", redirectTo: "/allAdd" });

    const visitor = client(t);
    const page = await visitor.get("/allAdd");
    expect(page.statusCode).toBe(200);
    expect(heartOf(page.body, a.id)).toEqual({ visitor: true, pressed: false, label: "Save to favourites" });
    expect(page.body).not.toContain('aria-pressed="true"');

    // The heart's form names only the laptop: the way back is the page it was pressed on (its Referer),
    // never another site, and the laptop's own page when there is none.
    // The login form's own field (the top bar's theme switch carries a redirectTo of its own).
    const back = async (referer?: string) => {
      const { body } = await visitor.get(`/login?favourite=${a.id}`, referer ? { referer } : {});
      return /name="redirectTo" value="([^"]*)"/.exec(body.slice(body.indexOf("<main")))?.[1];
    };
    expect(await back("http://relaptop.test/allAdd?q=asus")).toBe("/allAdd?q=asus");
    expect(await back("https://evil.test/allAdd")).toBe(`/laptops/${a.id}`);
    expect(await back()).toBe(`/laptops/${a.id}`);
    const login = await visitor.get(`/login?redirectTo=%2FallAdd&favourite=${a.id}`);
    expect(login.body).toContain("Log in to save this laptop to your favourites.");
    expect(login.body).toContain(`name="favourite" value="${a.id}"`);
    const me = await createUser(t, { name: "Late Comer", email: "late@x.test" });
    const done = await visitor.form("/login", {
      email: "late@x.test",
      password: "Passw0rd!",
      redirectTo: "/allAdd",
      favourite: a.id,
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/allAdd");
    expect(await t.services.favourites.savedAmong(me, [a.id])).toEqual([a.id]);
    expect(heartOf((await visitor.get("/allAdd")).body, a.id)).toEqual({
      visitor: false,
      pressed: true,
      label: "Remove from favourites",
    });
  });

  it("a visitor who creates an account instead of logging in comes back with the laptop saved", async () => {
    const a = await laptop();
    const visitor = client(t);
    const login = await visitor.get(`/login?redirectTo=%2FallAdd&favourite=${a.id}`);
    const carried = `/signUp?redirectTo=%2FallAdd&amp;favourite=${a.id}`;
    expect(login.body).toContain(`href="${carried}"`);
    const signUp = await visitor.get(carried.replace("&amp;", "&"));
    expect(signUp.body).toContain("Create your account and this laptop is saved to your favourites.");
    expect(signUp.body).toContain(`name="favourite" value="${a.id}"`);
    // Anything but a laptop's id is dropped, as on the login page.
    expect((await client(t).get("/signUp?favourite=not-an-id")).body).not.toContain('name="favourite"');

    const done = await visitor.form("/signUp", {
      name: "New Heart",
      email: "new-heart@x.test",
      password: "Str0ng!pw",
      redirectTo: "/allAdd",
      favourite: a.id,
    });
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe("/allAdd");
    expect(heartOf((await visitor.get("/allAdd")).body, a.id)).toMatchObject({ visitor: false, pressed: true });
  });

  it("through Google, the laptop waits in a cookie of the form that left for Google, not in the return link", async () => {
    const a = await laptop();
    const b = await laptop();
    const { user, email } = await person();
    const session = (await client(t).signIn(email)).headers["set-cookie"];
    const sessionCookie = (Array.isArray(session) ? session : [String(session)]).map((c) => c.split(";")[0]).join("; ");
    const back = (query: string, extra = "") =>
      t.app.inject({ method: "GET", url: `/auth/google/done?${query}`, headers: { cookie: sessionCookie + extra } });

    // A link to the return address saves nothing for whoever opens it.
    expect((await back(`redirectTo=%2F&favourite=${b.id}`)).statusCode).toBe(302);
    const returned = await back("redirectTo=%2FallAdd", `; relaptop_pending_favourite=${a.id}`);
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe("/allAdd");
    expect(String(returned.headers["set-cookie"])).toContain(
      "relaptop_pending_favourite=; Max-Age=0; Path=/auth/google",
    );
    expect(await t.services.favourites.savedAmong(user, [a.id, b.id])).toEqual([a.id]);
    // Back without an account (Google refused): the waiting laptop is dropped too, not kept for the next one in.
    const refused = await t.app.inject({
      method: "GET",
      url: "/auth/google/done",
      headers: { cookie: `relaptop_pending_favourite=${b.id}` },
    });
    expect(refused.headers.location).toBe("/login");
    expect(String(refused.headers["set-cookie"])).toContain("relaptop_pending_favourite=; Max-Age=0");
    // Google's own error return (refused, cancelled) says so, and still carries the heart and the way back.
    const googleSaidNo = await client(t).get(`/login?redirectTo=%2FallAdd&favourite=${b.id}&error=access_denied`);
    expect(googleSaidNo.body).toContain("Google sign-in did not finish. Try again, or log in with your email");
    expect(googleSaidNo.body).toContain(`name="favourite" value="${b.id}"`);
    expect((await client(t).get("/login")).body).not.toContain("Google sign-in did not finish.");
  });

  it("a buyer's heart saves and removes by a plain form post, going back to the page", async () => {
    const a = await laptop();
    const me = await person();
    const saved = await me.http.form("/favourites", { advertId: a.id, intent: "save", redirectTo: `/laptops/${a.id}` });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe(`/laptops/${a.id}`);
    const detail = await me.http.get(`/laptops/${a.id}`);
    expect(heartOf(detail.body, a.id)).toMatchObject({ pressed: true, label: "Remove from favourites" });
    expect(detail.body).toContain("Saved to your favourites.");

    await me.http.form("/favourites", { advertId: a.id, intent: "remove", redirectTo: "/" });
    expect(heartOf((await me.http.get(`/laptops/${a.id}`)).body, a.id)).toMatchObject({ pressed: false });
    // Only buyers see hearts; a post from a session that ended goes to the login page, carrying the laptop.
    const admin = await person("admin");
    expect(heartOf((await admin.http.get("/allAdd")).body, a.id)).toBeNull();
    const gone = await client(t).form("/favourites", { advertId: a.id, intent: "save", redirectTo: "/allAdd" });
    expect(gone.statusCode).toBe(302);
    expect(gone.headers.location).toBe(`/login?redirectTo=%2FallAdd&favourite=${a.id}`);
  });

  it("answers a fetcher with the new state, or with why not (and a toast saying it)", async () => {
    const me = await person();
    const post = (advertId: string) =>
      me.http.form("/favourites", { advertId, intent: "save", redirectTo: "/", via: "fetcher" });
    const a = await laptop();
    const saved = await post(a.id);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ advertId: a.id, saved: true });
    const gone = await laptop();
    await t.db.update(adverts).set({ status: "withdrawn" }).where(eq(adverts.id, gone.id));
    const refused = await post(gone.id);
    expect(refused.json()).toEqual({ formError: "This laptop does not exist." });
    expect(String(refused.headers["set-cookie"])).toContain("relaptop_toast=");
    expect(await t.services.favourites.savedAmong(me.user, [a.id, gone.id])).toEqual([a.id]);
  });
});

describe("/dashboard/favourites", () => {
  it("lists what I saved with its status and price change, and a laptop gone without an error", async () => {
    const me = await person();
    const cheaper = await laptop("Cheaper now", 50_000);
    const gone = await laptop("Gone now", 30_000);
    for (const a of [cheaper, gone]) await t.services.favourites.save(me.user, a.id);
    await t.db.update(adverts).set({ resalePriceCents: 46_000 }).where(eq(adverts.id, cheaper.id));
    await t.db.delete(adverts).where(eq(adverts.id, gone.id));

    const page = await me.http.get("/dashboard/favourites");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("↓ $40 since you saved it");
    expect(page.body).toContain("Gone now");
    expect(page.body).toContain("No longer for sale");
    expect(page.body).toMatch(/href="\/dashboard\/favourites"[^>]*>Favourites</);
    expect((await me.http.get("/dashboard/favourites?cursor=forged")).statusCode).toBe(404);
    expect((await client(t).get("/dashboard/favourites")).headers.location).toBe(
      "/login?redirectTo=%2Fdashboard%2Ffavourites",
    );
  });

  it("shows each seller how many people saved their advert", async () => {
    const seller = await person("seller");
    const a = await laptop("Counted", 9_000, seller.user.id);
    for (let i = 0; i < 2; i++) await t.services.favourites.save((await person()).user, a.id);
    // Its seller's own save (made before they were refused) is not among its savers.
    await t.db.insert(favourites).values({
      userId: seller.user.id,
      advertId: a.id,
      savedPriceCents: 9_000,
      advertName: "Counted",
    });
    const mine = await seller.http.get(`/dashboard/adds/${encodeURIComponent(seller.email)}`);
    expect(mine.body).toContain("Saved by 2 people");
  });

  it("shows a seller no heart on their own laptops, and hearts on others' ", async () => {
    const seller = await person("seller");
    const own = await laptop("Mine to sell", 9_500, seller.user.id);
    const theirs = await laptop("Someone else's");
    const page = await seller.http.get("/allAdd?sort=newest");
    expect(heartOf(page.body, own.id)).toBeNull();
    expect(heartOf(page.body, theirs.id)).toMatchObject({ pressed: false, label: "Save to favourites" });
    expect(heartOf((await seller.http.get(`/sellers/${seller.user.id}`)).body, own.id)).toBeNull();
  });
});
