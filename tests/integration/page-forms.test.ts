import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { signedInClient } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

let t: TestApp;
let brandId: string;
beforeAll(async () => {
  t = await startPageApp();
  brandId = (await createBrand(t, "Lenovo")).id;
  await createUser(t, { name: "Sam Seller", email: "sam@x.test", role: "seller", verified: true });
});
afterAll(() => closePageApp(t));

const advert = () => ({
  name: "ThinkPad T14",
  brandId,
  originalPrice: "1400",
  resalePrice: "800",
  yearsOfUse: "2",
  location: "Sylhet",
  mobile: "01712345678",
  description: "Works perfectly.",
  condition: "excellent",
});
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

function expectRefused(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
}

describe("page forms take small bodies, and files only where a form has a file field", () => {
  it("a login form bigger than 64 KB is refused with 413, announced or streamed", async () => {
    const padding = "x".repeat(100 * 1024);
    const body = `email=a%40x.test&password=${padding}`;
    expectRefused(await client(t).raw("POST", "/login", body, urlencoded), 413);
    // Streamed without a Content-Length: counted as it arrives, refused without reading it all.
    const streamed = await t.app.inject({
      method: "POST",
      url: "/login",
      payload: Readable.from([Buffer.from(body)]),
      headers: urlencoded,
    });
    expectRefused(streamed, 413);
  });

  it("a form that fits is handled as before", async () => {
    const res = await client(t).raw("POST", "/login", "email=sam%40x.test&password=Passw0rd!", urlencoded);
    expect(res.statusCode).toBe(302);
  });

  it("files sent to a page without a file field are refused with 415", async () => {
    const body = multipart(
      { email: "sam@x.test", password: "Passw0rd!" },
      { f: { name: "a.png", data: await pngBytes() } },
    );
    expectRefused(await client(t).raw("POST", "/login", body.payload, body.headers), 415);
  });

  it("the advert form takes photos from a seller, one at most 8 MB", async () => {
    const sam = await signedInClient(t, "sam@x.test");
    const ok = multipart(advert(), { photos: { name: "p.png", data: await pngBytes() } });
    const posted = await sam.raw("POST", "/dashboard/post/add", ok.payload, ok.headers);
    expect(posted.statusCode).toBe(302);
    expect(posted.headers.location).toBe("/dashboard/adds/sam%40x.test");
    const huge = multipart(advert(), { photos: { name: "p.png", data: Buffer.alloc(9 * 1024 * 1024) } });
    expectRefused(await sam.raw("POST", "/dashboard/post/add", huge.payload, huge.headers), 413);
  });

  it("an upload from someone who may not post adverts gets the small limit", async () => {
    const big = multipart(advert(), { photos: { name: "p.png", data: Buffer.alloc(1024 * 1024) } });
    expectRefused(await client(t).raw("POST", "/dashboard/post/add", big.payload, big.headers), 413);
  });

  it("the API refuses an upload from someone who may not make it before reading the files", async () => {
    // A body that never ends: only a refusal that does not wait for it can answer.
    const endless = () => new Readable({ read() {} });
    const sam = await signedInClient(t, "sam@x.test");
    const start = multipart(advert()).payload.subarray(0, 200);
    for (const [url, who] of [
      ["/api/adverts", client(t)],
      ["/api/brands", sam],
    ] as const) {
      const body = endless();
      body.push(start);
      const res = await Promise.race([
        who.raw("POST", url, body, { "content-type": "multipart/form-data; boundary=x" }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000)),
      ]);
      expect(res?.statusCode, url).toBe(url === "/api/brands" ? 403 : 401);
      body.destroy();
    }
  });
});
