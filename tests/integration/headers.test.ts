import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { fastify } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { cacheHeaders } from "../../server/http/cache-headers.ts";
import { sendLocalAddressesToLocalhost } from "../../server/http/local-address.ts";
import { client } from "../support/http.ts";
import { pageAppForTests } from "../support/page-build.ts";
import { signedInClient } from "../support/people.ts";
import { startTestApp } from "../support/test-app.ts";

// The visitors' cache on (2 s), as in production: shared caches may keep visitors' answers as long.
const t = pageAppForTests({ PUBLIC_CACHE_MS: "2000" });
let advertId: string;
let brandId: string;
let sellerId: string;
beforeAll(async () => {
  await createUser(t, { name: "Hana Headers", email: "hana@x.test" });
  sellerId = (await createUser(t, { name: "Sid Seller", email: "sid@x.test", role: "seller" })).id;
  brandId = (await createBrand(t, "Lenovo")).id;
  advertId = (await createAdvert(t, { sellerId, brandId, name: "ThinkPad X1", resalePriceCents: 90_000 })).id;
});

const SHARED = "public, max-age=0, s-maxage=2, stale-while-revalidate=2";

describe("answers meant for one person are never stored by a shared cache", () => {
  it("API answers, pages and page data for a signed-in user, and the sign-in itself", async () => {
    const hana = client(t);
    const signIn = await hana.signIn("hana@x.test");
    expect(signIn.headers["cache-control"]).toBe("private, no-store");
    const personal = ["/api/me", "/api/orders", "/dashboard/my/orders", "/profile", "/profile.data"];
    // The catalogue too: a signed-in person's page shows their hearts, bookings and name.
    const catalogue = ["/", "/allAdd", `/laptops/${advertId}`, `/laptops/${advertId}.data`, "/api/adverts"];
    for (const url of [...personal, ...catalogue]) {
      const res = await hana.get(url);
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
      expect(res.headers["surrogate-key"], url).toBeUndefined();
    }
    const sid = await signedInClient(t, "sid@x.test");
    expect((await sid.get("/dashboard")).headers["cache-control"]).toBe("private, no-store");
  });

  it("an answer that sets a cookie is private, page or API, whoever asked", async () => {
    const urlencoded = { "content-type": "application/x-www-form-urlencoded" };
    const login = await client(t).raw("POST", "/login", "email=hana%40x.test&password=Passw0rd!", urlencoded);
    expect(login.statusCode).toBe(302);
    expect(login.headers["set-cookie"]).toBeDefined();
    expect(login.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("visitors' pages and catalogue reads may be kept by a CDN or nginx for as long as our own cache", () => {
  const expected: [string, string[]][] = [
    ["/", ["catalogue", "brands", "adverts"]],
    ["/allAdd?sort=newest", ["catalogue", "adverts"]],
    ["/laptops/ADVERT", ["catalogue", "advert-ADVERT"]],
    ["/laptops/ADVERT.data", ["catalogue", "advert-ADVERT"]],
    ["/allAdd?brand=BRAND", ["catalogue", "adverts", "brand-BRAND"]],
    ["/sellers/SELLER", ["catalogue", "seller-SELLER", "adverts"]],
    ["/api/adverts?q=thinkpad", ["catalogue", "adverts"]],
    ["/api/adverts?brand=BRAND&sort=price_asc", ["catalogue", "adverts", "brand-BRAND"]],
    ["/api/adverts/ADVERT", ["catalogue", "advert-ADVERT"]],
    ["/api/brands", ["catalogue", "brands"]],
    ["/api/sellers/SELLER/reviews", ["catalogue", "seller-SELLER"]],
  ];
  const ids = (s: string) =>
    s.replaceAll("ADVERT", advertId).replaceAll("BRAND", brandId).replaceAll("SELLER", sellerId);

  it("say so, with the keys a CDN purges them by, rendered or served from the micro-cache", async () => {
    for (const [template, keys] of expected) {
      const url = ids(template);
      // The first is rendered, the second comes from the visitors' micro-cache: the same headers.
      for (const round of ["rendered", "cached"]) {
        const res = await client(t).get(url);
        expect(res.statusCode, `${url} ${round}`).toBe(200);
        expect(res.headers["cache-control"], `${url} ${round}`).toBe(SHARED);
        expect(String(res.headers.vary), url).toMatch(/\bCookie\b/);
        expect(String(res.headers["surrogate-key"]).split(" "), url).toEqual(keys.map(ids));
        expect(res.headers["set-cookie"], url).toBeUndefined();
      }
    }
  });

  it("nothing else a visitor gets is shared: errors, account pages and their redirects, health", async () => {
    for (const url of ["/laptops/00000000-0000-4000-8000-000000000000", "/api/me", "/healthz", "/dashboard"]) {
      const res = await client(t).get(url);
      expect(String(res.headers["cache-control"] ?? ""), url).not.toContain("public");
      expect(res.headers["surrogate-key"], url).toBeUndefined();
    }
  });

  it("with the visitors' cache off (PUBLIC_CACHE_MS=0), no cache in front keeps them either", async () => {
    const off = fastify();
    off.addHook("onSend", cacheHeaders(0));
    off.get("/api/adverts", async () => ({ items: [] }));
    expect((await off.inject("/api/adverts")).headers["cache-control"]).toBe("no-cache");
    await off.close();
  });
});

describe("pages are compressed in one piece, not streamed through the compressor", () => {
  it("a signed-in page and its data: with their length (not chunked), whole once unpacked", async () => {
    const hana = await signedInClient(t, "hana@x.test");
    for (const [encoding, unpack] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const page = await hana.get("/allAdd", { "accept-encoding": encoding });
      expect(page.headers["content-encoding"]).toBe(encoding);
      expect(page.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(page.headers["content-length"])).toBe(page.rawPayload.length);
      const html = unpack(page.rawPayload).toString("utf8");
      expect(html).toContain("ThinkPad X1");
      expect(html.trimEnd().endsWith("</html>")).toBe(true);
    }
    const data = await hana.get(`/laptops/${advertId}.data`, { "accept-encoding": "br" });
    expect(data.headers["content-encoding"]).toBe("br");
    expect(Number(data.headers["content-length"])).toBe(data.rawPayload.length);
    expect(brotliDecompressSync(data.rawPayload).toString("utf8")).toContain("ThinkPad X1");
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

describe("a page form the cross-site check refuses gets a page that says what to do", () => {
  const form = "email=hana%40x.test&password=wrong-password";
  const post = (url: string, headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url,
      payload: form,
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    });

  it("sends a form from another site to the explanation, as a redirect its way of posting follows", async () => {
    const document = await post("/login", { origin: "http://evil.example", accept: "text/html" });
    expect(document.statusCode).toBe(303);
    expect(document.headers.location).toBe("/form-refused?reason=cross-site");
    // React Router's own request, as its client sends a form with JavaScript.
    const data = await post("/login.data", { origin: "http://evil.example" });
    expect(data.statusCode).toBe(204);
    expect(data.headers["x-remix-redirect"]).toBe("/form-refused?reason=cross-site");
    expect(data.headers["x-remix-reload-document"]).toBe("true");
    const page = await t.app.inject({ method: "GET", url: "/form-refused?reason=cross-site" });
    expect(page.statusCode).toBe(403);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("This form was not sent");
    expect(page.body).toContain("Open ReLaptop at http://relaptop.test and try again: nothing was changed.");
  });

  it("names TRUST_PROXY when the form comes from the site's address but reached us as another", async () => {
    // What a proxy that ended HTTPS or rewrote the Host, untrusted, hands on: React Router would answer a bare 400.
    const res = await post("/login", { origin: "http://relaptop.test", host: "10.0.0.7:3000", accept: "text/html" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/form-refused?reason=proxy");
    const page = await t.app.inject({ method: "GET", url: "/form-refused?reason=proxy" });
    expect(page.body).toContain("set TRUST_PROXY to that proxy&#x27;s address");
    // Reaching the site's address, the same form is the login's to answer.
    const same = await post("/login", { origin: "http://relaptop.test", host: "relaptop.test", accept: "text/html" });
    expect(same.headers.location ?? "").not.toContain("/form-refused");
  });

  it("keeps the API's answer in its error shape", async () => {
    const res = await client(t).post(
      "/api/auth/sign-in/email",
      { email: "hana@x.test", password: "x" },
      {
        origin: "http://evil.example",
      },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: "FORBIDDEN", message: "Cross-site request refused." });
  });
});

describe("without PUBLIC_URL, this machine's other addresses lead to localhost", () => {
  const hook = sendLocalAddressesToLocalhost("http://localhost:3000", 3000);
  const app = fastify();
  app.addHook("onRequest", hook);
  app.all("/*", async () => "served");
  afterAll(() => app.close());
  const ask = (method: "GET" | "HEAD" | "POST", host: string, url = "/login?next=%2Fdashboard") =>
    app.inject({ method, url, headers: { host } });

  it("redirects pages read on 127.0.0.1, [::1] or 0.0.0.0 at this port, path and query kept", async () => {
    for (const host of ["127.0.0.1:3000", "[::1]:3000", "0.0.0.0:3000"]) {
      const res = await ask("GET", host);
      expect(res.statusCode, host).toBe(307);
      expect(res.headers.location, host).toBe("http://localhost:3000/login?next=%2Fdashboard");
    }
    expect((await ask("HEAD", "127.0.0.1:3000")).statusCode).toBe(307);
  });

  it("leaves localhost, other ports, forms and health checks as they are", async () => {
    expect((await ask("GET", "localhost:3000")).body).toBe("served");
    expect((await ask("GET", "127.0.0.1:3001")).body).toBe("served");
    expect((await ask("POST", "127.0.0.1:3000")).body).toBe("served");
    expect((await ask("GET", "127.0.0.1:3000", "/healthz")).body).toBe("served");
  });
});
