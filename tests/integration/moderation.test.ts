import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActions } from "../../db/schema/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let advertId: string;
const c: Record<"anonymous" | "buyer" | "buyer2" | "seller" | "admin", Client> = {} as never;

beforeAll(async () => {
  t = await startTestApp();
  const brand = await createBrand(t, "MSI");
  const seller = await createUser(t, { name: "Shady Seller", email: "seller@x.test", role: "seller" });
  advertId = (
    await createAdvert(t, {
      sellerId: seller.id,
      brandId: brand.id,
      name: "Too Good To Be True",
      resalePriceCents: 100,
    })
  ).id;
  await createUser(t, { name: "Ada", email: "admin@x.test", role: "admin" });
  await createUser(t, { name: "B1", email: "buyer@x.test" });
  await createUser(t, { name: "B2", email: "buyer2@x.test" });
  c.anonymous = client(t);
  for (const who of ["buyer", "buyer2", "seller", "admin"] as const) {
    c[who] = await signedInClient(t, `${who}@x.test`);
  }
});
afterAll(() => t?.close());

describe("reports", () => {
  it("lets a buyer report a laptop once, with a reason from the list", async () => {
    const report = { advertId, reason: "Scam or fraud", details: "Asks for payment by gift card" };
    expect((await c.anonymous.post("/api/reports", report)).statusCode).toBe(401);
    expect((await c.admin.post("/api/reports", report)).statusCode).toBe(403);
    expect((await c.seller.post("/api/reports", report)).json().message).toBe("You cannot report your own laptop.");
    expect((await c.buyer.post("/api/reports", { advertId, reason: "Because" })).json().fields).toEqual({
      reason: "Choose a reason",
    });
    expect((await c.buyer.post("/api/reports", report)).statusCode).toBe(201);
    const twice = await c.buyer.post("/api/reports", report);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("You have already reported this laptop.");
    expect((await c.buyer2.post("/api/reports", { advertId, reason: "Wrong or misleading details" })).statusCode).toBe(
      201,
    );
  });

  it("shows admins the reports grouped by laptop", async () => {
    expect((await c.buyer.get("/api/reports")).statusCode).toBe(403);
    const { groups } = (await c.admin.get("/api/reports")).json();
    expect(groups).toEqual([
      expect.objectContaining({
        advertId,
        name: "Too Good To Be True",
        sellerName: "Shady Seller",
        reports: 2,
        items: expect.arrayContaining([
          { reason: "Scam or fraud", details: "Asks for payment by gift card" },
          { reason: "Wrong or misleading details", details: null },
        ]),
      }),
    ]);
  });

  it("removes the laptop with a reason its seller sees, and closes the reports", async () => {
    expect((await c.seller.post(`/api/adverts/${advertId}/removal`, { reason: "x" })).statusCode).toBe(403);
    expect((await c.admin.post(`/api/adverts/${advertId}/removal`, { reason: " " })).json().fields).toEqual({
      reason: "Tell the seller why",
    });
    expect(
      (await c.admin.post(`/api/adverts/${advertId}/removal`, { reason: "Reported as a scam by several buyers" }))
        .statusCode,
    ).toBe(204);
    expect((await c.anonymous.get(`/api/adverts/${advertId}`)).statusCode).toBe(404);
    const mine = (await c.seller.get("/api/sellers/seller@x.test/adverts")).json().adverts;
    expect(mine).toEqual([
      expect.objectContaining({ id: advertId, removedBecause: "Reported as a scam by several buyers" }),
    ]);
    expect((await c.admin.get("/api/reports")).json().groups).toEqual([]);
  });

  it("dismisses reports without touching the laptop", async () => {
    const brand = await createBrand(t, "Razer");
    const sellerId = (await c.seller.get("/api/me")).json().id;
    const other = (await createAdvert(t, { sellerId, brandId: brand.id, name: "Fine Laptop", resalePriceCents: 100 }))
      .id;
    await c.buyer.post("/api/reports", { advertId: other, reason: "Other", details: "Not sure" });
    expect((await c.buyer.post(`/api/reports/${other}/dismissal`)).statusCode).toBe(403);
    expect((await c.admin.post(`/api/reports/${other}/dismissal`)).statusCode).toBe(204);
    expect((await c.admin.post(`/api/reports/${other}/dismissal`)).statusCode).toBe(404);
    expect((await c.anonymous.get(`/api/adverts/${other}`)).statusCode).toBe(200);
    const logged = await t.db
      .select({ summary: adminActions.summary })
      .from(adminActions)
      .where(eq(adminActions.targetId, other));
    expect(logged).toEqual([{ summary: "Dismissed 1 report" }]);
  });
});
