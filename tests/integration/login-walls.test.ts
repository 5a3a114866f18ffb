import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import type { TestApp } from "../support/test-app.ts";

/** Login walls as a browser without JavaScript meets them: why, said from public data, and the way back. */
let t: TestApp;
let brandId: string;
let laptop: { id: string; name: string };

/** The page's main part (the top bar has forms of its own with a redirectTo). */
const main = (html: string) => html.slice(html.indexOf("<main"));
const wayBack = (html: string) => /name="redirectTo" value="([^"]*)"/.exec(main(html))?.[1];
/** What the page says about why the visitor is here (its info notice), if anything. */
const reasonOn = (html: string) => /class="alert alert-info" role="status">([^<]*)</.exec(main(html))?.[1] ?? null;

beforeAll(async () => {
  t = await startPageApp();
  brandId = (await createBrand(t, "Acer")).id;
  const seller = await createUser(t, { name: "Sam Seller", email: "sam-walls@x.test", role: "seller" });
  const a = await createAdvert(t, { sellerId: seller.id, brandId, name: "Dell XPS 13 9315", resalePriceCents: 70_000 });
  laptop = { id: a.id, name: a.name };
});
afterAll(() => closePageApp(t));

describe("a wall says why, by kind and id", () => {
  it("Book Now leads a visitor to a login page that names the laptop, then sign-up, then back to the laptop", async () => {
    const visitor = client(t);
    const page = await visitor.get(`/laptops/${laptop.id}`);
    const login = `/login?redirectTo=%2Flaptops%2F${laptop.id}&amp;reason=book&amp;about=${laptop.id}`;
    expect(page.body).toContain(`href="${login}"`);

    const wall = await visitor.get(login.replaceAll("&amp;", "&"));
    expect(reasonOn(wall.body)).toBe("Log in to book Dell XPS 13 9315");
    // The spec's page is still there, word for word.
    expect(wall.body).toContain(">Login</h1>");
    const signUpLink = `/signUp?redirectTo=%2Flaptops%2F${laptop.id}&amp;reason=book&amp;about=${laptop.id}`;
    expect(wall.body).toContain(`href="${signUpLink}"`);

    const signUp = await visitor.get(signUpLink.replaceAll("&amp;", "&"));
    expect(reasonOn(signUp.body)).toBe("Sign up to book Dell XPS 13 9315");
    expect(wayBack(signUp.body)).toBe(`/laptops/${laptop.id}`);
    // Back to the login page, still saying why.
    expect(signUp.body).toContain(`href="${login}"`);

    const done = await visitor.form("/signUp", {
      name: "Wall Walker",
      email: "wall-walker@x.test",
      password: "Str0ng!pw",
      redirectTo: `/laptops/${laptop.id}`,
    });
    expect(done.statusCode, done.body).toBe(302);
    expect(done.headers.location).toBe(`/laptops/${laptop.id}`);
  });

  it("a brand card's page sends a visitor to log in to see that brand's laptops, and back after logging in", async () => {
    const visitor = client(t);
    const wall = await visitor.get(`/category/${brandId}`);
    expect(wall.statusCode).toBe(302);
    expect(wall.headers.location).toBe(`/login?redirectTo=%2Fcategory%2F${brandId}&reason=brand&about=${brandId}`);
    const login = await visitor.get(String(wall.headers.location));
    expect(reasonOn(login.body)).toBe("Log in to see Acer laptops");

    await createUser(t, { name: "Brand Fan", email: "brand-fan@x.test" });
    const done = await visitor.form("/login", {
      email: "brand-fan@x.test",
      password: "Passw0rd!",
      redirectTo: wayBack(login.body) ?? "",
    });
    expect(done.headers.location).toBe(`/category/${brandId}`);
  });

  it("Message seller names the seller", async () => {
    const wall = await client(t).get(`/dashboard/messages/new?advert=${laptop.id}`);
    expect(wall.statusCode).toBe(302);
    const login = await client(t).get(String(wall.headers.location));
    expect(reasonOn(login.body)).toBe("Log in to message Sam Seller");
    expect(wayBack(login.body)).toBe(`/dashboard/messages/new?advert=${laptop.id}`);
  });

  it("an id that names nothing public, an unknown kind or words in the address: the plain page", async () => {
    const seller = await createUser(t, { name: "Hidden Hal", email: "hal-walls@x.test", role: "seller" });
    const held = await createAdvert(t, {
      sellerId: seller.id,
      brandId,
      name: "Secret ThinkPad",
      resalePriceCents: 40_000,
      status: "pending_review",
    });
    const plain = async (query: string) => {
      const { statusCode, body } = await client(t).get(`/login?${query}`);
      expect(statusCode).toBe(200);
      return reasonOn(body);
    };
    expect(await plain(`reason=book&about=${randomUUID()}`)).toBeNull();
    expect(await plain(`reason=brand&about=${randomUUID()}`)).toBeNull();
    expect(await plain(`reason=book&about=${held.id}`)).toBeNull();
    expect(await plain(`reason=message&about=${held.id}`)).toBeNull();
    expect(await plain(`reason=book&about=not-an-id`)).toBeNull();
    expect(await plain(`reason=bank&about=${laptop.id}`)).toBeNull();
    const phishing = "Log in to confirm your bank details";
    const page = await client(t).get(
      `/login?reason=${encodeURIComponent(phishing)}&about=${encodeURIComponent(phishing)}`,
    );
    expect(page.body).not.toContain(phishing);
    expect((await client(t).get(`/signUp?reason=book&about=${held.id}`)).body).not.toContain("Secret ThinkPad");
  });
});

describe("the way back is a path on this site", () => {
  it.each([
    ["//evil.test/login", "/"],
    ["/\\evil.test", "/"],
    ["https://evil.test/", "/"],
    ["javascript:alert(1)", "/"],
    ["/allAdd?q=acer", "/allAdd?q=acer"],
  ])("redirectTo=%s is kept as %s", async (to, kept) => {
    const visitor = client(t);
    const login = await visitor.get(
      `/login?${new URLSearchParams({ redirectTo: to, reason: "book", about: laptop.id })}`,
    );
    expect(wayBack(login.body)).toBe(kept);
    // A reason does not make an unsafe way back acceptable, and neither does posting it straight to the form.
    const email = `back-${randomUUID()}@x.test`;
    await createUser(t, { name: "Back Tester", email });
    const done = await visitor.form("/login", { email, password: "Passw0rd!", redirectTo: to });
    expect(done.headers.location).toBe(kept);
  });

  it("a new account's way back is checked the same way (sign-up)", async () => {
    const joined = await client(t).form("/signUp", {
      name: "New Tester",
      email: "new-tester@x.test",
      password: "Str0ng!pw",
      redirectTo: "//evil.test/welcome",
    });
    expect(joined.statusCode, joined.body).toBe(302);
    expect(joined.headers.location).toBe("/");
  });
});
