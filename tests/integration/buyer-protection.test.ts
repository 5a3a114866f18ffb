import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../support/http.ts";
import { closePageApp, startPageApp } from "../support/page-build.ts";
import type { TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startPageApp();
});
afterAll(() => closePageApp(t));

describe("/buyer-protection", () => {
  it("says in plain words what is protected, with the windows as configured", async () => {
    const page = await client(t).get("/buyer-protection");
    expect(page.statusCode).toBe(200);
    const text = page.body.replace(/<!-- -->/g, "");
    expect(text).toContain("<h1");
    expect(text).toContain("100% buyer protection");
    expect(text).toContain("holds the laptop for 48 hours");
    expect(text).toContain("the seller has 7 days to meet you or ship it");
    expect(text).toContain("you have 72 hours to check it and report a problem");
    expect(text).toContain("counts as received 10 days after it was shipped");
    expect(text).toContain("Report a problem");
  });

  it("is linked from the home page's promise and from the footer", async () => {
    const home = (await client(t).get("/")).body;
    expect(home.match(/href="\/buyer-protection"/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
