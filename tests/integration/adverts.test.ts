import { beforeAll, describe, expect, it } from "vitest";
import { createAdvert, createBrand } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { client } from "../support/http.ts";
import { multipart, pngBytes, postAdvertForm } from "../support/multipart.ts";
import { signedInAccounts } from "../support/people.ts";
import { testAppForTests } from "../support/test-app.ts";

const t = testAppForTests();
let brandId: string;
let as: Record<"anonymous" | "buyer" | "owner" | "other" | "admin", Client>;

const fields = (over: Record<string, string> = {}) => ({
  name: "ThinkPad T14",
  brandId,
  originalPrice: "1,400",
  resalePrice: "799.50",
  yearsOfUse: "2",
  location: "Sylhet",
  mobile: "01712345678",
  description: "Works perfectly.",
  condition: "excellent",
  ramGb: "16",
  ...over,
});

const post = async (who: Client, over: Record<string, string> = {}, photo = true) =>
  postAdvertForm(who, fields(over), photo ? await pngBytes() : undefined);

beforeAll(async () => {
  brandId = (await createBrand(t, "Lenovo")).id;
  const { clients } = await signedInAccounts(t, {
    admin: { name: "Ada", email: "admin@x.test", role: "admin" },
    owner: { name: "Owen Owner", email: "owner@x.test", role: "seller", verified: true },
    other: { name: "Otto", email: "other@x.test", role: "seller" },
    buyer: { name: "Bea", email: "buyer@x.test" },
  });
  as = { anonymous: client(t), ...clients };
});

describe("posting adverts", () => {
  it("allows acting sellers only: 401 anonymous, 403 buyer and admin", async () => {
    expect((await post(as.anonymous)).statusCode).toBe(401);
    expect((await post(as.buyer)).statusCode).toBe(403);
    expect((await post(as.admin)).statusCode).toBe(403);
  });

  it("stores money in cents and the seller from the session, whatever the form says", async () => {
    const res = await post(as.owner, { sellerEmail: "other@x.test", sellerName: "Mallory", verified: "true" });
    expect(res.statusCode).toBe(201);
    const mine = (await as.owner.get("/api/sellers/owner@x.test/adverts")).json().adverts;
    expect(mine).toEqual([
      expect.objectContaining({ id: res.json().id, resalePriceCents: 79_950, advertised: false, sold: false }),
    ]);
    expect((await as.other.get("/api/sellers/other@x.test/adverts")).json().adverts).toEqual([]);
  });

  it("names every missing field with the spec's messages", async () => {
    const body = multipart({});
    const res = await as.owner.raw("POST", "/api/adverts", body.payload, body.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: "Name is required",
      brandId: "Brand selection is required",
      originalPrice: "Original price is required",
      resalePrice: "Resale price is required",
      yearsOfUse: "Year of use is required",
      location: "Location is required",
      mobile: "Mobile number is required",
      description: "Description is required",
      condition: "Condition is required",
      photos: "Brand image is required",
    });
  });

  it("refuses non-positive or mistyped prices, silly years, bad specs and unknown brands", async () => {
    const res = await post(as.owner, {
      originalPrice: "0",
      resalePrice: "-3",
      yearsOfUse: "99",
      ramGb: "1000",
      condition: "mint",
    });
    expect(res.json().fields).toMatchObject({
      originalPrice: "Original price must be a positive amount, like 450 or 449.99",
      resalePrice: "Resale price must be a positive amount, like 450 or 449.99",
      yearsOfUse: "Year of use must be a whole number of years from 0 to 30",
      ramGb: "RAM must be a whole number from 1 to 256",
      condition: "Condition is required",
    });
    // A price that is not a plain amount is refused, not read as another one ("1,2.5$" was $12.50).
    const slips = await post(as.owner, { originalPrice: "1,40,0", resalePrice: "1,2.5$" });
    expect(slips.statusCode).toBe(400);
    expect(slips.json().fields).toEqual({
      originalPrice: "Original price must be a positive amount, like 450 or 449.99",
      resalePrice: "Resale price must be a positive amount, like 450 or 449.99",
    });
    const unknownBrand = await post(as.owner, { brandId: "00000000-0000-0000-0000-000000000000" });
    expect(unknownBrand.statusCode).toBe(400);
    expect(unknownBrand.json().fields).toEqual({ brandId: "Brand selection is required" });
  });
});

describe("managing adverts", () => {
  async function ownersAdvert(status: "available" | "sold" = "available") {
    const ownerId = (await as.owner.get("/api/me")).json().id;
    return createAdvert(t, {
      sellerId: ownerId,
      brandId,
      name: `Advert ${Math.random()}`,
      resalePriceCents: 50_000,
      status,
    });
  }
  const advertise = (who: Client, id: string, advertised: boolean) =>
    who.raw("PUT", `/api/adverts/${id}/advertisement`, { advertised });

  it("lets only its seller advertise it", async () => {
    const a = await ownersAdvert();
    expect((await advertise(as.anonymous, a.id, true)).statusCode).toBe(401);
    expect((await advertise(as.buyer, a.id, true)).statusCode).toBe(403);
    expect((await advertise(as.other, a.id, true)).statusCode).toBe(404);
    expect((await advertise(as.owner, a.id, true)).statusCode).toBe(204);
    const home = (await as.anonymous.get("/api/adverts/advertised")).json().adverts;
    expect(home.map((x: { id: string }) => x.id)).toContain(a.id);
    expect(home.find((x: { id: string }) => x.id === a.id).sellerVerified).toBe(true);
    expect((await advertise(as.owner, a.id, false)).statusCode).toBe(204);
    expect(
      (await as.anonymous.get("/api/adverts/advertised")).json().adverts.map((x: { id: string }) => x.id),
    ).not.toContain(a.id);
  });

  it("lets no admin feature or edit it, through the core too: an admin only removes it", async () => {
    const a = await ownersAdvert();
    const admin = (await as.admin.get("/api/me")).json();
    const forbidden = { code: "FORBIDDEN" };
    await expect(t.services.catalogue.adverts.setAdvertised(admin, a.id, true)).rejects.toMatchObject(forbidden);
    await expect(t.services.catalogue.adverts.getForEdit(admin, a.id)).rejects.toMatchObject(forbidden);
    expect(
      (await as.anonymous.get("/api/adverts/advertised")).json().adverts.map((x: { id: string }) => x.id),
    ).not.toContain(a.id);
  });

  it("lets its seller or an admin delete it; it then leaves every list", async () => {
    const a = await ownersAdvert();
    expect((await as.other.raw("DELETE", `/api/adverts/${a.id}`)).statusCode).toBe(404);
    expect((await as.buyer.raw("DELETE", `/api/adverts/${a.id}`)).statusCode).toBe(403);
    expect((await as.owner.raw("DELETE", `/api/adverts/${a.id}`)).statusCode).toBe(204);
    expect((await as.owner.raw("DELETE", `/api/adverts/${a.id}`)).statusCode).toBe(404);
    const mine = (await as.owner.get("/api/sellers/owner@x.test/adverts")).json().adverts;
    expect(mine.map((x: { id: string }) => x.id)).not.toContain(a.id);
    const b = await ownersAdvert();
    expect((await as.admin.raw("DELETE", `/api/adverts/${b.id}`)).statusCode).toBe(204);
  });

  it("keeps a sold advert as it is", async () => {
    const a = await ownersAdvert("sold");
    for (const res of [await advertise(as.owner, a.id, true), await as.owner.raw("DELETE", `/api/adverts/${a.id}`)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("This laptop is sold: its advert can no longer be changed.");
    }
  });

  it("edits with the same rules, keeping the photos when none are sent", async () => {
    const created = (await post(as.owner)).json().id;
    const before = (await as.owner.get("/api/sellers/owner@x.test/adverts"))
      .json()
      .adverts.find((x: { id: string }) => x.id === created);
    const tooDear = multipart(fields({ resalePrice: "5000" }));
    expect(
      (await as.owner.raw("PUT", `/api/adverts/${created}`, tooDear.payload, tooDear.headers)).json().fields,
    ).toEqual({
      resalePrice: "Resale price cannot be more than the original price",
    });
    // A wrong original price has its own message, and makes no resale price "more than" it.
    const noOriginal = multipart(fields({ originalPrice: "abc", resalePrice: "450.5" }));
    expect(
      (await as.owner.raw("PUT", `/api/adverts/${created}`, noOriginal.payload, noOriginal.headers)).json().fields,
    ).toEqual({ originalPrice: "Original price must be a positive amount, like 450 or 449.99" });
    const body = multipart(fields({ name: "ThinkPad T14 Gen 2", resalePrice: "750" }));
    expect((await as.other.raw("PUT", `/api/adverts/${created}`, body.payload, body.headers)).statusCode).toBe(404);
    expect((await as.owner.raw("PUT", `/api/adverts/${created}`, body.payload, body.headers)).statusCode).toBe(204);
    const after = (await as.owner.get("/api/sellers/owner@x.test/adverts"))
      .json()
      .adverts.find((x: { id: string }) => x.id === created);
    expect(after).toMatchObject({ name: "ThinkPad T14 Gen 2", resalePriceCents: 75_000, imageUrl: before.imageUrl });
  });

  it("shows a seller's list to that seller and admins only", async () => {
    expect((await as.anonymous.get("/api/sellers/owner@x.test/adverts")).statusCode).toBe(401);
    expect((await as.buyer.get("/api/sellers/owner@x.test/adverts")).statusCode).toBe(403);
    expect((await as.other.get("/api/sellers/owner@x.test/adverts")).statusCode).toBe(403);
    expect((await as.admin.get("/api/sellers/owner@x.test/adverts")).statusCode).toBe(200);
  });
});
