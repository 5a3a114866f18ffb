import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActions, adverts, orders } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let brandId: string;
const c: Record<"anonymous" | "buyer" | "seller" | "admin", Client> = {} as never;
let ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  brandId = (await createBrand(t, "Acer")).id;
  ids = {
    admin: (await createUser(t, { name: "Ada Admin", email: "admin@x.test", role: "admin" })).id,
    seller: (await createUser(t, { name: "Sia Seller", email: "seller@x.test", role: "seller" })).id,
    buyer: (await createUser(t, { name: "Bo Buyer", email: "buyer@x.test" })).id,
  };
  c.anonymous = client(t);
  for (const who of ["buyer", "seller", "admin"] as const) {
    c[who] = await signedInClient(t, `${who}@x.test`);
  }
});
afterAll(() => t?.close());

describe("admin lists", () => {
  it("are for admins only", async () => {
    expect((await c.anonymous.get("/api/sellers")).statusCode).toBe(401);
    expect((await c.buyer.get("/api/sellers")).statusCode).toBe(403);
    expect((await c.seller.get("/api/buyers")).statusCode).toBe(403);
    const sellers = (await c.admin.get("/api/sellers")).json();
    expect(sellers.people.map((p: { email: string }) => p.email)).toEqual(["seller@x.test"]);
    expect((await c.admin.get("/api/buyers?q=bo")).json().people).toEqual([
      expect.objectContaining({ name: "Bo Buyer", role: "user", deactivated: false }),
    ]);
    expect((await c.admin.get("/api/buyers?q=nobody")).json().total).toBe(0);
  });
});

describe("verifying sellers", () => {
  it("puts the verified mark on every advert of the seller at once, and records who did it", async () => {
    const advert = await createAdvert(t, {
      sellerId: ids.seller as string,
      brandId,
      name: "Swift 3",
      resalePriceCents: 30_000,
    });
    const mark = async () => (await c.anonymous.get(`/api/adverts/${advert.id}`)).json().sellerVerified;
    expect(await mark()).toBe(false);
    expect((await c.seller.raw("PUT", `/api/sellers/${ids.seller}/verification`, { verified: true })).statusCode).toBe(
      403,
    );
    expect((await c.admin.raw("PUT", `/api/sellers/${ids.seller}/verification`, { verified: true })).json()).toEqual({
      modified: true,
    });
    expect(await mark()).toBe(true);
    expect((await c.admin.raw("PUT", `/api/sellers/${ids.seller}/verification`, { verified: true })).json()).toEqual({
      modified: false,
    });
    expect((await c.admin.raw("PUT", `/api/sellers/${ids.buyer}/verification`, { verified: true })).statusCode).toBe(
      404,
    );
    const log = await t.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, ids.seller as string));
    expect(log).toEqual([
      expect.objectContaining({ adminId: ids.admin, action: "verify-seller", summary: "Verified Sia Seller" }),
    ]);
  });
});

describe("acting mode", () => {
  it("lets a seller act as a user, when seller operations are refused by the server", async () => {
    const s = client(t);
    await createUser(t, { name: "Mo", email: "mode@x.test", role: "seller" });
    await s.signIn("mode@x.test");
    expect((await s.raw("PUT", "/api/me/acting-mode", { mode: "user" })).json()).toEqual({ modified: true });
    expect((await s.get("/api/me/is-seller")).json()).toEqual({ isSeller: false });
    expect((await s.get("/api/sellers/mode@x.test/adverts")).statusCode).toBe(403);
    const own = await createAdvert(t, {
      sellerId: (await s.get("/api/me")).json().id,
      brandId,
      name: "Mine",
      resalePriceCents: 100,
    });
    expect((await s.raw("PUT", `/api/adverts/${own.id}/advertisement`, { advertised: true })).statusCode).toBe(403);
    expect((await s.raw("PUT", "/api/me/acting-mode", { mode: "seller" })).json()).toEqual({ modified: true });
    expect((await s.get("/api/me/is-seller")).json()).toEqual({ isSeller: true });
    expect((await c.buyer.raw("PUT", "/api/me/acting-mode", { mode: "seller" })).statusCode).toBe(403);
  });
});

describe("deleting accounts", () => {
  it("ends the account's sessions and sign-ins, withdraws its adverts, and keeps its orders", async () => {
    const victim = client(t);
    const v = await createUser(t, { name: "Vic", email: "vic@x.test" });
    await victim.signIn("vic@x.test");
    const laptop = await createAdvert(t, {
      sellerId: ids.seller as string,
      brandId,
      name: "Aspire",
      resalePriceCents: 20_000,
    });
    const orderId = (
      await victim.post("/api/orders", { advertId: laptop.id, meetingLocation: "Uttara", phone: "01711111111" })
    ).json().id;

    expect((await c.buyer.raw("DELETE", `/api/users/${v.id}`)).statusCode).toBe(403);
    expect((await c.admin.raw("DELETE", `/api/users/${v.id}`)).statusCode).toBe(204);
    expect((await victim.get("/api/me")).statusCode).toBe(401);
    const again = await client(t).post("/api/auth/sign-in/email", { email: "vic@x.test", password: "Passw0rd!" });
    // The address left the account: it is refused as any unknown address is (nothing says it was ever here).
    expect(again.statusCode).toBe(401);
    // The unpaid booking ends; the order stays, without the person's name, address or phone.
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ buyerName: "Deleted user", buyerEmail: "", buyerPhone: "" });
    expect(order?.status).toBe("cancelled");
    const listed = (await c.admin.get("/api/buyers?q=deleted")).json().people;
    expect(listed.find((p: { id: string }) => p.id === v.id)).toMatchObject({
      name: "Deleted user",
      deactivated: true,
    });
    // History stays readable: for admins, as buyer and as seller.
    expect((await c.buyer.get(`/api/users/${v.id}/orders`)).statusCode).toBe(403);
    const asBuyer = (await c.admin.get(`/api/users/${v.id}/orders`)).json().orders;
    expect(asBuyer).toEqual([expect.objectContaining({ id: orderId, role: "buyer", status: "cancelled" })]);
    const asSeller = (await c.admin.get(`/api/users/${ids.seller}/orders`)).json().orders;
    expect(asSeller.map((o: { id: string; role: string }) => [o.id, o.role])).toContainEqual([orderId, "seller"]);
  });

  it("withdraws a deleted seller's available adverts", async () => {
    const s = await createUser(t, { name: "Gone Seller", email: "gone@x.test", role: "seller" });
    const a = await createAdvert(t, { sellerId: s.id, brandId, name: "Nitro", resalePriceCents: 50_000 });
    expect((await c.admin.raw("DELETE", `/api/users/${s.id}`)).statusCode).toBe(204);
    const [row] = await t.db.select().from(adverts).where(eq(adverts.id, a.id));
    expect(row?.status).toBe("withdrawn");
  });

  it("refuses to delete yourself or the last admin", async () => {
    const self = await c.admin.raw("DELETE", `/api/users/${ids.admin}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe("You cannot delete your own account.");
    const second = client(t);
    await createUser(t, { name: "Ed", email: "admin2@x.test", role: "admin" });
    await second.signIn("admin2@x.test");
    expect((await second.raw("DELETE", `/api/users/${ids.admin}`)).statusCode).toBe(204);
    const second2 = await c.admin.get("/api/me");
    expect(second2.statusCode).toBe(401);
    const me = (await second.get("/api/me")).json();
    expect((await second.raw("DELETE", `/api/users/${me.id}`)).json().message).toBe(
      "You cannot delete your own account.",
    );
  });
});
