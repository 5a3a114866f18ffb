import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountEvents, users } from "../../db/schema/index.ts";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { signedInPerson } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

/** "Start selling" over HTTP, as a browser without JavaScript posts it. */
let t: TestApp;

beforeAll(async () => {
  t = await startPageApp();
});
afterAll(() => closePageApp(t));

const account = async (id: string) => {
  const [row] = await t.db
    .select({ role: users.role, actingAsSeller: users.actingAsSeller, verified: users.verified })
    .from(users)
    .where(eq(users.id, id));
  return row;
};
const entries = (id: string) =>
  t.db.select({ action: accountEvents.action }).from(accountEvents).where(eq(accountEvents.userId, id));

describe("Start selling", () => {
  it("Add Advertisement offers it to a buyer, and the post makes the account a seller's acting as a seller", async () => {
    const buyer = await signedInPerson(t, "user");
    const refused = await buyer.http.get("/dashboard/post/add");
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('action="/account/start-selling"');
    expect(refused.body).not.toContain("log out and register");

    const started = await buyer.http.form("/account/start-selling", { redirectTo: "/dashboard/post/add" });
    expect(started.statusCode).toBe(302);
    expect(started.headers.location).toBe("/dashboard/post/add");
    expect(await account(buyer.user.id)).toEqual({ role: "seller", actingAsSeller: true, verified: false });
    expect(await entries(buyer.user.id)).toEqual([{ action: "start-selling" }]);

    // The same session, now a seller's: the form to post a laptop.
    const form = await buyer.http.get("/dashboard/post/add");
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("You are seller now!");
    expect(form.body).toContain(">Add Advertisement</button>");
    // Pressed again: nothing more changes and nothing more is recorded.
    await buyer.http.form("/account/start-selling", {});
    expect(await entries(buyer.user.id)).toHaveLength(1);
  });

  it("the profile offers it to buyers only", async () => {
    const buyer = await signedInPerson(t, "user");
    expect((await buyer.http.get("/profile")).body).toContain('action="/account/start-selling"');
    const seller = await signedInPerson(t, "seller");
    expect((await seller.http.get("/profile")).body).not.toContain('action="/account/start-selling"');
  });

  it("a seller acting as a user acts as a seller again, with no new entry", async () => {
    const seller = await signedInPerson(t, "seller");
    await seller.http.form("/account/mode", { mode: "user" });
    await seller.http.form("/account/start-selling", {});
    expect(await account(seller.user.id)).toMatchObject({ role: "seller", actingAsSeller: true });
    expect(await entries(seller.user.id)).toEqual([]);
  });

  it("is refused to admins, to a signed-out request, to a GET and to another site's form", async () => {
    const admin = await signedInPerson(t, "admin");
    const asAdmin = await admin.http.form("/account/start-selling", {});
    expect(asAdmin.statusCode).toBe(302);
    expect(await account(admin.user.id)).toMatchObject({ role: "admin" });
    expect(await entries(admin.user.id)).toEqual([]);

    const signedOut = await client(t).form("/account/start-selling", {});
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toMatch(/^\/login\?redirectTo=/);

    const buyer = await signedInPerson(t, "user");
    const opened = await buyer.http.get("/account/start-selling");
    expect(opened.headers.location).toBe("/dashboard/post/add");
    const crossSite = await buyer.http.raw("POST", "/account/start-selling", "", {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://evil.test",
    });
    expect(crossSite.statusCode).toBe(303);
    expect(crossSite.headers.location).toBe("/form-refused?reason=cross-site");
    expect(await account(buyer.user.id)).toMatchObject({ role: "user" });
    expect(await entries(buyer.user.id)).toEqual([]);
  });
});
