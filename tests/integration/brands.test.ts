import { beforeAll, describe, expect, it } from "vitest";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { signedInAccounts } from "../support/people.ts";
import { testAppForTests } from "../support/test-app.ts";

const t = testAppForTests();
let admin: Client;
let buyer: Client;
let seller: Client;

beforeAll(async () => {
  const { clients } = await signedInAccounts(t, {
    admin: { name: "Ada", email: "admin@x.test", role: "admin" },
    seller: { name: "Sam", email: "seller@x.test", role: "seller" },
    buyer: { name: "Bea", email: "buyer@x.test" },
  });
  ({ admin, buyer, seller } = clients);
});

const inject = (
  who: Client | null,
  method: "POST" | "PUT" | "DELETE",
  url: string,
  body?: ReturnType<typeof multipart>,
) =>
  who
    ? who.raw(method, url, body?.payload, body?.headers)
    : t.app.inject({ method, url, payload: body?.payload, headers: body?.headers });

describe("brand management", () => {
  it("lets only admins add brands: 401 anonymous, 403 buyer and seller", async () => {
    const body = multipart({ name: "Framework" }, { image: { name: "f.png", data: await pngBytes() } });
    expect((await inject(null, "POST", "/api/brands", body)).statusCode).toBe(401);
    expect((await inject(buyer, "POST", "/api/brands", body)).statusCode).toBe(403);
    expect((await inject(seller, "POST", "/api/brands", body)).statusCode).toBe(403);
    const res = await inject(admin, "POST", "/api/brands", body);
    expect(res.statusCode).toBe(201);
    const { brands } = (await client(t).get("/api/brands")).json();
    const created = brands.find((b: { name: string }) => b.name === "Framework");
    expect(created.id).toBe(res.json().id);
    const logo = await client(t).get(created.imageUrl);
    expect(logo.headers["content-type"]).toBe("image/webp");
  });

  it("names the missing fields with the spec's messages", async () => {
    const res = await inject(admin, "POST", "/api/brands", multipart({ name: " " }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ name: "Name is required", image: "Brand image is required" });
  });

  it("refuses a file that is not an image, and saves nothing", async () => {
    const res = await inject(
      admin,
      "POST",
      "/api/brands",
      multipart({ name: "Evil" }, { image: { name: "x.png", data: Buffer.from("<?php system($_GET['c']); ?>") } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.image).toMatch(/not a picture/);
    const { brands } = (await client(t).get("/api/brands")).json();
    expect(brands.map((b: { name: string }) => b.name)).not.toContain("Evil");
  });

  it("keeps names unique regardless of case", async () => {
    const res = await inject(
      admin,
      "POST",
      "/api/brands",
      multipart({ name: "framework" }, { image: { name: "f.png", data: await pngBytes() } }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ name: "A brand with this name already exists" });
  });

  it("renames a brand and replaces its logo under a new URL", async () => {
    const brand = await createBrand(t, "Old Name");
    const before = (await client(t).get("/api/brands")).json().brands.find((b: { id: string }) => b.id === brand.id);
    expect((await inject(buyer, "PUT", `/api/brands/${brand.id}`, multipart({ name: "x" }))).statusCode).toBe(403);
    const res = await inject(
      admin,
      "PUT",
      `/api/brands/${brand.id}`,
      multipart({ name: "New Name" }, { image: { name: "n.png", data: await pngBytes("#3a3") } }),
    );
    expect(res.statusCode).toBe(204);
    const after = (await client(t).get("/api/brands")).json().brands.find((b: { id: string }) => b.id === brand.id);
    expect(after.name).toBe("New Name");
    expect(after.imageUrl).not.toBe(before.imageUrl);
  });

  it("refuses to delete a brand that still has laptops, and deletes an empty one", async () => {
    const brand = await createBrand(t, "Busy");
    const sam = await createUser(t, { name: "S", email: "s3@x.test", role: "seller" });
    await createAdvert(t, { sellerId: sam.id, brandId: brand.id, name: "Busy One", resalePriceCents: 10_000 });
    const refused = await inject(admin, "DELETE", `/api/brands/${brand.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Busy still has 1 laptop. Rename the brand instead, or remove its laptops first.",
    );

    const empty = await createBrand(t, "Empty");
    expect((await inject(seller, "DELETE", `/api/brands/${empty.id}`)).statusCode).toBe(403);
    expect((await inject(admin, "DELETE", `/api/brands/${empty.id}`)).statusCode).toBe(204);
    expect((await inject(admin, "DELETE", `/api/brands/${empty.id}`)).statusCode).toBe(404);
    expect((await inject(admin, "DELETE", "/api/brands/not-a-uuid")).statusCode).toBe(400);
  });
});

describe("the admin activity log", () => {
  it("records brand changes with the admin who made them", async () => {
    const { adminActions } = await import("../../db/schema/index.ts");
    const rows = await t.db.select().from(adminActions);
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["add-brand", "edit-brand", "delete-brand"]));
    expect(rows.find((r) => r.action === "edit-brand")?.summary).toBe("Edited brand Old Name → New Name (new logo)");
  });
});
