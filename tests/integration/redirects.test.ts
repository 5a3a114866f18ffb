import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import { signedInClient } from "../support/people.ts";
import { PUBLIC_URL, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  // One address signs up once per hostile target.
  t = await startPageApp({ SIGNUPS_PER_HOUR: "100" });
  await createUser(t, { name: "Rhea Redirect", email: "rhea@x.test" });
});
afterAll(() => closePageApp(t));

/** Where a browser goes with this Location: it drops tabs and newlines and reads `\` as `/`, as URL does. */
const landsOn = (location: string) => new URL(location, PUBLIC_URL);

/** Targets that a naive "starts with one slash" check lets through, or that break header writing. */
const hostile = [
  "%2F%09%2Fevil.example",
  "%2F%0A%2Fevil.example",
  "%2F%0D%2Fevil.example",
  "%2F%0D%0ASet-Cookie%3A%20x%3D1",
  "%2F%5Cevil.example",
  "%2F%2Fevil.example",
  "https%3A%2F%2Fevil.example%2F",
  "%20%2F%2Fevil.example",
  "javascript%3Aalert(1)",
];

function expectHome(res: { statusCode: number; headers: Record<string, unknown> }, target: string) {
  expect(res.statusCode, target).toBeGreaterThanOrEqual(300);
  expect(res.statusCode, target).toBeLessThan(400);
  const location = String(res.headers.location);
  expect(landsOn(location).origin, `${target} → ${location}`).toBe(PUBLIC_URL);
  expect(location, target).not.toMatch(/[\t\r\n\\]/);
}

describe("redirect targets stay on this site", () => {
  it("a signed-in visitor of /login?redirectTo=… is sent to a path here, never another site", async () => {
    const rhea = await signedInClient(t, "rhea@x.test");
    for (const target of [...hostile, "%2F%00"]) expectHome(await rhea.get(`/login?redirectTo=${target}`), target);
    const fine = await rhea.get(`/login?redirectTo=${encodeURIComponent("/dashboard/my/orders?page=2#top")}`);
    expect(fine.headers.location).toBe("/dashboard/my/orders?page=2#top");
  });

  it("signing in with the form goes to a path here, never another site", async () => {
    for (const target of hostile) {
      const res = await client(t).raw("POST", "/login", `email=rhea%40x.test&password=Passw0rd!&redirectTo=${target}`, {
        "content-type": "application/x-www-form-urlencoded",
      });
      expectHome(res, target);
    }
  });

  it("login and sign-up link to each other with the way back, so a new account comes back too", async () => {
    const back = "/laptops/0b6f3c1e-1111-4a4a-9b9b-123456789abc?from=message";
    const login = await client(t).get(`/login?redirectTo=${encodeURIComponent(back)}`);
    const signUpHref = `/signUp?redirectTo=${encodeURIComponent(back)}`;
    expect(login.body).toContain(`href="${signUpHref}"`);
    const signUp = await client(t).get(signUpHref);
    expect(signUp.body).toContain(`href="/login?redirectTo=${encodeURIComponent(back)}"`);
    const created = await client(t).raw(
      "POST",
      "/signUp",
      `name=Came+Back&email=came-back%40x.test&password=Str0ng!pw&redirectTo=${encodeURIComponent(back)}`,
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(created.headers.location).toBe(back);
    // With nowhere in particular to go back to, the plain links.
    expect((await client(t).get("/login")).body).toContain('href="/signUp"');
    // What a hostile target becomes (home, or a harmless path here) is all the link carries.
    for (const hostileTarget of hostile) {
      const page = await client(t).get(`/login?redirectTo=${hostileTarget}`);
      const href = /href="(\/signUp[^"]*)"/.exec(page.body)?.[1]?.replaceAll("&amp;", "&") ?? "";
      const carried = new URL(href, "http://relaptop.test").searchParams.get("redirectTo") ?? "/";
      expect(new URL(carried, "http://relaptop.test").origin, hostileTarget).toBe("http://relaptop.test");
      expect(carried, hostileTarget).toMatch(/^\/(?![/\\])/);
    }
  });

  it("signing up and Google's return go to a path here, never another site", async () => {
    for (const [i, target] of hostile.entries()) {
      const res = await client(t).raw(
        "POST",
        "/signUp",
        `name=New+Person&email=new${i}%40x.test&password=Str0ng!pw&confirmPassword=Str0ng!pw&redirectTo=${target}`,
        { "content-type": "application/x-www-form-urlencoded" },
      );
      expectHome(res, target);
    }
    const rhea = await signedInClient(t, "rhea@x.test");
    for (const target of hostile) expectHome(await rhea.get(`/auth/google/done?redirectTo=${target}`), target);
  });
});
