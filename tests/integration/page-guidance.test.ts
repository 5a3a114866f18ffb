import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILTER_ERRORS } from "../../schemas/search.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { signedInClient } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startPageApp();
  await createUser(t, { name: "Bo Buyer", email: "bo@x.test" });
  await createUser(t, { name: "Ada Admin", email: "ada@x.test", role: "admin" });
  const sol = await createUser(t, { name: "Sol Seller", email: "sol@x.test", role: "seller" });
  const brand = await createBrand(t, "Lenovo");
  for (const [name, dollars] of [
    ["Cheap ThinkPad", 200],
    ["Dear ThinkPad", 900],
  ] as const) {
    await createAdvert(t, { sellerId: sol.id, brandId: brand.id, name, resalePriceCents: dollars * 100 });
  }
}, 120_000);
afterAll(() => closePageApp(t));

const form = { "content-type": "application/x-www-form-urlencoded" };

const signedIn = (email: string) => signedInClient(t, email);

describe("Add Advertisement says why someone may not post, and what to do", () => {
  it("a buyer is offered to start selling from this account, coming back to the form", async () => {
    // A buyer of this test's own: Bo stays a buyer for the tests below.
    await createUser(t, { name: "Bri Buyer", email: "bri@x.test" });
    const bo = await signedIn("bri@x.test");
    const page = await bo.get("/dashboard/post/add");
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain("yours is a buyer account");
    expect(page.body).toContain(">Start selling</button>");
    expect(page.body).not.toContain('name="resalePrice"');
    const started = await bo.raw("POST", "/account/start-selling", "redirectTo=%2Fdashboard%2Fpost%2Fadd", form);
    expect(started.headers.location).toBe("/dashboard/post/add");
    expect((await bo.get("/dashboard/post/add")).body).toContain('name="resalePrice"');
  });

  it("an admin is told admins do not post, and sent back to the dashboard", async () => {
    const page = await (await signedIn("ada@x.test")).get("/dashboard/post/add");
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain("they do not post laptops");
    expect(page.body).toContain('href="/dashboard"');
  });

  it("a seller acting as a user switches to seller mode and comes back to the form", async () => {
    const sol = await signedIn("sol@x.test");
    await sol.raw("PUT", "/api/me/acting-mode", { mode: "user" });
    const page = await sol.get("/dashboard/post/add");
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain("Switch to seller mode");
    const switched = await sol.raw("POST", "/account/mode", "mode=seller&redirectTo=%2Fdashboard%2Fpost%2Fadd", form);
    expect(switched.headers.location).toBe("/dashboard/post/add");
    expect(String(switched.headers["set-cookie"])).toContain("relaptop_toast=");
    // Pressed again (a second tab, a double submit): nothing changed, so no "You are seller now!".
    const again = await sol.raw("POST", "/account/mode", "mode=seller&redirectTo=%2Fdashboard%2Fpost%2Fadd", form);
    expect(again.headers.location).toBe("/dashboard/post/add");
    expect(String(again.headers["set-cookie"] ?? "")).not.toContain("relaptop_toast=");
    const form_ = await sol.get("/dashboard/post/add");
    expect(form_.statusCode).toBe(200);
    expect(form_.body).toContain('name="resalePrice"');
  });

  it("the Post Add button's target for a signed-in account leads to that explanation, not home", async () => {
    const res = await (await signedIn("bo@x.test")).get("/register/seller");
    expect(res.headers.location).toBe("/dashboard/post/add");
  });
});

describe("My Orders is for people who buy", () => {
  it("an admin is refused on the page and on the API; a buyer gets both", async () => {
    const ada = await signedIn("ada@x.test");
    const page = await ada.get("/dashboard/my/orders");
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe("/");
    expect((await ada.get("/api/orders")).statusCode).toBe(403);
    const bo = await signedIn("bo@x.test");
    expect((await bo.get("/dashboard/my/orders")).statusCode).toBe(200);
    expect((await bo.get("/api/orders")).statusCode).toBe(200);
  });
});

describe("a new account is greeted", () => {
  it.each([
    ["/signUp", "Your account is ready"],
    ["/register/seller", "Your seller account is ready"],
  ])("signing up on %s shows a welcome toast on the next page", async (path, words) => {
    const c = client(t);
    const email = `new${Math.random().toString(36).slice(2)}@x.test`;
    const res = await c.raw("POST", path, `name=New&email=${encodeURIComponent(email)}&password=Passw0rd!`, form);
    expect(res.statusCode).toBe(302);
    const next = await c.get(String(res.headers.location));
    expect(next.body).toContain(words);
  });
});

describe("/allAdd names the filters it could not use", () => {
  it("shows each bad value with its message under the field, and the list with the filters that work", async () => {
    const page = await client(t).get("/allAdd?minPrice=abc&maxPrice=-5&minRam=lots&q=thinkpad");
    // The status says the request had a mistake; the page still shows what it could.
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("Enter a price in dollars above 0, like 250.");
    expect(page.body).toContain("Enter a price in dollars above 0, like 900.");
    expect(page.body).toContain("Enter a whole number of GB from 1 to 256.");
    expect(page.body).toMatch(/value="abc"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*value="abc"/);
    // The words still filter; the bad prices filter nothing out.
    expect(page.body).toContain("Cheap ThinkPad");
    expect(page.body).toContain("Dear ThinkPad");
    expect(page.body).toContain("2 laptops");
  });

  it("refuses a minimum price above the maximum under Max price, keeping both as typed", async () => {
    const page = await client(t).get("/allAdd?minPrice=900&maxPrice=100");
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(`id="filter-maxPrice-error" class="text-error">${FILTER_ERRORS.priceRange}</p>`);
    expect(page.body).toMatch(/id="filter-maxPrice"[^>]*aria-invalid="true"[^>]*value="100"/);
    expect(page.body).toMatch(/id="filter-minPrice"[^>]*value="900"/);
    // The list uses the end it can: the chip and the laptops say $900 or more, not "$900 to $100" and none.
    expect(page.body).toContain("Price $900 or more");
    expect(page.body).not.toContain("$900 to $100");
    expect(page.body).toContain("Dear ThinkPad");
    expect(page.body).not.toContain("Cheap ThinkPad");
  });

  it("a clean search shows no messages and counts what matches", async () => {
    const page = await client(t).get("/allAdd?maxPrice=500");
    expect(page.body).not.toContain("Enter a price");
    expect(page.body).not.toContain('aria-invalid="true"');
    expect(page.body).toContain("1 laptop<");
  });
});

describe("a missing laptop is the site's not-found page", () => {
  it("answers 404 with the same heading and title as an unknown route, inside the site's main and footer", async () => {
    const laptop = await client(t).get(`/laptops/${crypto.randomUUID()}`);
    const unknown = await client(t).get("/no/such/page");
    for (const page of [laptop, unknown]) {
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain("<title>Page not found — ReLaptop</title>");
      expect(page.body).toContain("Oops! Sorry we couldn&#x27;t found this route");
      expect(page.body).toMatch(/<main[\s\S]*Go to Home[\s\S]*<\/main>[\s\S]*<footer/);
    }
    expect(laptop.body).toContain("This laptop does not exist.");
  });
});

describe("a toast from an action that answers in place", () => {
  const rename = "intent=name&name=Bo+Buyer";
  it("posted without JavaScript (a whole page asked for), shows on that page and leaves no cookie for the next", async () => {
    const bo = await signedIn("bo@x.test");
    const page = await bo.raw("POST", "/profile", rename, { ...form, accept: "text/html" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<noscript>.*Your name is updated\..*<\/noscript>/);
    expect(String(page.headers["set-cookie"] ?? "")).not.toContain("relaptop_toast=");
  });

  it("posted by React Router (its data request), comes as a cookie the page's revalidation reads", async () => {
    const bo = await signedIn("bo@x.test");
    const answer = await bo.raw("POST", "/profile.data", rename, form);
    expect(answer.statusCode).toBe(200);
    expect(String(answer.headers["set-cookie"])).toContain("relaptop_toast=");
  });
});

describe("the reader's cookies once nobody is signed in", () => {
  it("is cleared for someone no longer signed in (a session that ended without Logout)", async () => {
    const page = await t.app.inject({ method: "GET", url: "/allAdd", headers: { cookie: "relaptop_tz=Asia%2FDhaka" } });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers["set-cookie"])).toMatch(/relaptop_tz=;.*Max-Age=0/);
    // Signed in, it stays (tests/e2e/notifications.spec.ts renders a page in its zone).
    const bo = await signedIn("bo@x.test");
    const kept = await bo.get("/allAdd", { cookie: `${bo.cookie()}; relaptop_tz=Asia%2FDhaka` });
    expect(kept.statusCode).toBe(200);
    expect(String(kept.headers["set-cookie"] ?? "")).not.toContain("relaptop_tz=");
  });

  it("goes with a hidden verification banner's cookie, so the next account in the browser decides its own", async () => {
    const page = await t.app.inject({
      method: "GET",
      url: "/allAdd",
      headers: { cookie: "relaptop_verify_banner=hidden" },
    });
    expect(String(page.headers["set-cookie"])).toMatch(/relaptop_verify_banner=;.*Max-Age=0/);
  });
});
