import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { closePageBuild, loadPageBuild } from "../support/page-build.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, {}, { pages: await loadPageBuild() });
  await createUser(t.services, { name: "Hana Headers", email: "hana@x.test" });
  await createUser(t.services, { name: "Sid Seller", email: "sid@x.test", role: "seller" });
});
afterAll(async () => {
  await t?.close();
  await closePageBuild();
});

describe("answers meant for one person are never stored by a shared cache", () => {
  it("API answers, pages and page data for a signed-in user, and the sign-in itself", async () => {
    const hana = client(t);
    const signIn = await hana.signIn("hana@x.test");
    expect(signIn.headers["cache-control"]).toBe("private, no-store");
    for (const url of ["/api/me", "/api/orders", "/dashboard/my/orders", "/profile", "/allAdd", "/profile.data"]) {
      const res = await hana.get(url);
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
    }
    const sid = client(t);
    await sid.signIn("sid@x.test");
    expect((await sid.get("/dashboard")).headers["cache-control"]).toBe("private, no-store");
  });

  it("a visitor's catalogue stays cacheable", async () => {
    const res = await client(t).get("/api/adverts");
    expect(res.headers["cache-control"] ?? "").not.toContain("no-store");
  });
});

describe("browser features the site does not use are switched off", () => {
  it("sends a Permissions-Policy denying camera, microphone, geolocation and payment", async () => {
    for (const url of ["/", "/api/adverts", "/healthz"]) {
      const policy = String((await client(t).get(url)).headers["permissions-policy"]);
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
        expect(policy, `${url} ${feature}`).toContain(`${feature}=()`);
      }
    }
  });

  it("allows payment for this site and Stripe when Stripe takes the cards", async () => {
    const stripe = await startTestApp({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_relaptop",
      STRIPE_PUBLISHABLE_KEY: "pk_test_relaptop",
      STRIPE_WEBHOOK_SECRET: "whsec_test",
    });
    try {
      const policy = String((await client(stripe).get("/healthz")).headers["permissions-policy"]);
      expect(policy).toContain('payment=(self "https://js.stripe.com")');
      expect(policy).toContain("camera=()");
    } finally {
      await stripe.close();
    }
  });
});

describe("the cross-site check compares with PUBLIC_URL, not the Host header", () => {
  const body = { email: "hana@x.test", password: "wrong-password" };

  it("refuses another site's Origin even when the Host header names that site", async () => {
    const res = await client(t).post("/api/auth/sign-in/email", body, {
      origin: "http://evil.example",
      host: "evil.example",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: "FORBIDDEN", message: "Cross-site request refused." });
    const otherScheme = await client(t).post("/api/auth/sign-in/email", body, {
      origin: "https://relaptop.test",
      host: "relaptop.test",
    });
    expect(otherScheme.statusCode).toBe(403);
  });

  it("accepts this site's Origin whatever Host the request came in on (behind a proxy)", async () => {
    const res = await client(t).post("/api/auth/sign-in/email", body, {
      origin: "http://relaptop.test",
      host: "10.0.0.7:3000",
    });
    expect(res.statusCode).not.toBe(403);
  });
});
