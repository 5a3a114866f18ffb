import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { type Client, client } from "../support/http.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let buyer: Client;
let advertId: string;
beforeAll(async () => {
  t = await startTestApp();
  const seller = await createUser(t, { name: "S", email: "s@x.test", role: "seller" });
  const brand = await createBrand(t, "Hostile");
  advertId = (await createAdvert(t, { sellerId: seller.id, brandId: brand.id, name: "Target", resalePriceCents: 100 }))
    .id;
  await createUser(t, { name: "B", email: "b@x.test" });
  buyer = await signedInClient(t, "b@x.test");
});
afterAll(() => t?.close());

const tricky = [
  "a\u0000b",
  "\u202Eevil",
  "😀".repeat(50),
  "ﷺ".repeat(30),
  "\uD800",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "x".repeat(100_000),
];

describe("hostile input gets a clear 4xx and saves nothing half-way", () => {
  it("refuses oversized, malformed and mislabelled bodies", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: JSON.stringify({ advertId, meetingLocation: "x".repeat(2_000_000), phone: "1" }),
      headers: { "content-type": "application/json", cookie: "" },
    });
    expect(big.statusCode).toBe(413);
    const malformed = await buyer.raw("POST", "/api/orders", '{"advertId": ', { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBeDefined();
    const wrongType = await buyer.raw("POST", "/api/orders", "advertId=x", { "content-type": "text/plain" });
    expect([400, 415]).toContain(wrongType.statusCode);
  });

  it("survives huge and odd query strings", async () => {
    for (const q of tricky.filter((v) => v.isWellFormed())) {
      const res = await client(t).get(
        `/api/adverts?q=${encodeURIComponent(q)}&minPrice=${encodeURIComponent(q)}&brand=${encodeURIComponent(q)}`,
      );
      expect([200, 400, 414], `q=${JSON.stringify(q.slice(0, 20))}`).toContain(res.statusCode);
    }
    // Not an id at all: refused at the edge, naming the field.
    const injected = await client(t).get(`/api/adverts/${encodeURIComponent("'; drop table adverts; --")}`);
    expect(injected.statusCode).toBe(400);
    expect(injected.json().fields).toEqual({ id: "Not a valid id" });
    // Raw bytes no browser would send: a NUL, broken UTF-8, a lone surrogate.
    for (const raw of ["%00", "%ED%A0%80", "%FF%FE", "%C0%AF"]) {
      const res = await client(t).get(`/api/adverts?q=a${raw}b`);
      expect([200, 400], raw).toContain(res.statusCode);
    }
  });

  it("refuses a Host header that is not a host name with 400", async () => {
    for (const host of ["(CASE WHEN 1=1 THEN 1 END)", "relaptop.test' AND 1=1", "a b"]) {
      const res = await client(t).get("/api/adverts", { host });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().message).toBe("The Host header is not a host name.");
    }
    expect((await client(t).get("/api/adverts", { host: "relaptop.test:8080" })).statusCode).toBe(200);
  });

  it("answers odd text in every JSON form field with 4xx or a saved, intact value", async () => {
    for (const value of tricky) {
      const signUp = await client(t).post("/api/auth/sign-up/email", {
        name: value,
        email: `u${Math.random()}@x.test`,
        password: "Str0ng!pw",
      });
      expect(signUp.statusCode, `sign-up name ${JSON.stringify(value.slice(0, 10))}`).toBeLessThan(500);
      const order = await buyer.post("/api/orders", { advertId, meetingLocation: value, phone: "0171234567" });
      expect(order.statusCode, `meeting location ${JSON.stringify(value.slice(0, 10))}`).toBeLessThan(500);
      if (order.statusCode === 201) {
        const saved = (await buyer.get(`/api/orders/${order.json().id}`)).json();
        expect(saved.meetingLocation).toBe(value);
        await buyer.post(`/api/orders/${order.json().id}/cancel`);
      }
      const report = await buyer.post("/api/reports", { advertId, reason: "Other", details: value });
      expect(report.statusCode, `report details ${JSON.stringify(value.slice(0, 10))}`).toBeLessThan(500);
    }
  });
});
