import { describe, expect, it } from "vitest";
import { pagePath, safeRedirect } from "../../app/lib/session.server.ts";

describe("safeRedirect", () => {
  it.each([
    ["/category/1", "/category/1"],
    ["/dashboard?x=1", "/dashboard?x=1"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    [null, "/"],
    ["", "/"],
  ])("%s → %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
});

describe("pagePath", () => {
  it("returns the page behind a client data request", () => {
    expect(pagePath(new Request("http://x/category/abc.data?_routes=routes%2Fcategory"))).toBe("/category/abc");
    expect(pagePath(new Request("http://x/allAdd.data?q=mac&_routes=r"))).toBe("/allAdd?q=mac");
    expect(pagePath(new Request("http://x/_root.data"))).toBe("/");
    expect(pagePath(new Request("http://x/dashboard/my/orders"))).toBe("/dashboard/my/orders");
  });
});
