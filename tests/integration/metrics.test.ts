import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { bookToMeet, client } from "../support/http.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

const TOKEN = "metrics-token-for-tests-0123";
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN, PUBLIC_CACHE_MS: "1000" });
  await t.services.jobs.start();
});
afterAll(() => t?.close());

const scrape = async () => {
  const res = await client(t).get("/metrics", { authorization: `Bearer ${TOKEN}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};
/** A sample's value, or undefined when the series is not there. */
const sample = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("/metrics", () => {
  it("is only for whoever holds the token", async () => {
    expect((await client(t).get("/metrics")).statusCode).toBe(401);
    expect((await client(t).get("/metrics", { authorization: "Bearer wrong-token-wrong-token-0" })).statusCode).toBe(
      401,
    );
  });

  it("takes the token only after the Bearer scheme, whatever its case", async () => {
    const status = async (authorization: string) => (await client(t).get("/metrics", { authorization })).statusCode;
    for (const scheme of ["Bearer", "bearer", "BEARER", "bEaReR"]) expect(await status(`${scheme} ${TOKEN}`)).toBe(200);
    // The scheme is required: a bare token, another scheme, or the token glued to the scheme is no credential.
    for (const header of [TOKEN, `Basic ${TOKEN}`, `Bearer${TOKEN}`, `Token ${TOKEN}`, `Bearer ${TOKEN} extra`]) {
      expect(await status(header), header).toBe(401);
    }
    // A token of as many characters but more bytes is a wrong token, not a server error.
    expect(await status(`Bearer ${"é".repeat(TOKEN.length)}`)).toBe(401);
  });

  it("does not exist without a token configured", async () => {
    const open = await startTestApp();
    try {
      const res = await client(open).get("/metrics");
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("relaptop_");
    } finally {
      await open.close();
    }
  });

  it("times requests by route pattern and counts the visitors' cache", async () => {
    const brand = await createBrand(t, "Dell");
    await client(t).get(`/api/adverts?brand=${brand.id}`);
    await client(t).get(`/api/adverts?brand=${brand.id}`); // the same read within the second: a hit
    const text = await scrape();
    expect(
      sample(text, 'relaptop_http_request_duration_seconds_count{method="GET",route="/api/adverts",status="200"}'),
    ).toBe(2);
    expect(text).not.toContain(brand.id); // one series per route, not per URL
    expect(sample(text, 'relaptop_public_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'relaptop_public_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/relaptop_job_queue_jobs\{queue="email\.deliver",state="ready"\} \d+/);
    expect(text).toContain("relaptop_process_cpu_seconds_total");
    // Sign-ins and sign-ups queueing for their password hashes (PASSWORD_HASHES_AT_ONCE): none now.
    expect(sample(text, 'relaptop_password_hashes{state="waiting"}')).toBe(0);
    expect(sample(text, 'relaptop_password_hashes{state="computing"}')).toBe(0);
    // Requests waiting their turn (REQUESTS_AT_ONCE): none, the scrape itself never waits in line.
    expect(sample(text, 'relaptop_requests_in_line{state="waiting"}')).toBe(0);
    if (t.database.kind === "postgres") {
      expect(text).toMatch(/relaptop_db_pool_connections\{state="total"\} [1-9]/);
    }
  });

  it("counts payments and refunds by outcome", async () => {
    const seller = await createUser(t, { name: "Sam", email: "sam@x.test", role: "seller" });
    const brand = await createBrand(t, "HP");
    await createUser(t, { name: "Bea", email: "bea@x.test" });
    const buyer = await signedInClient(t, "bea@x.test");
    const card = { expiry: "12 / 34", cvc: "123" };
    const buy = async (cardNumber: string) => {
      const laptop = await createAdvert(t, {
        sellerId: seller.id,
        brandId: brand.id,
        name: "EliteBook",
        resalePriceCents: 30_000,
      });
      const order = await bookToMeet(buyer, laptop.id, "Gulshan");
      const id = order.json().id as string;
      await buyer.post(`/api/orders/${id}/pay`, { ...card, cardNumber, attemptKey: `k-${id}` });
      return id;
    };
    const paid = await buy("4242 4242 4242 4242");
    await buy("4000 0000 0000 0002"); // declined
    expect((await buyer.post(`/api/orders/${paid}/cancel`)).json()).toEqual({ status: "refunded" });

    const text = await scrape();
    expect(sample(text, 'relaptop_payments_total{operation="pay",outcome="paid"}')).toBe(1);
    expect(sample(text, 'relaptop_payments_total{operation="pay",outcome="payment_declined"}')).toBe(1);
    expect(sample(text, 'relaptop_payments_total{operation="refund",outcome="refunded"}')).toBe(1);
  });
});
