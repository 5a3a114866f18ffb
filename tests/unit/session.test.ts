import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type AppContext, appContext } from "#app-context";
import { getUser, pagePath, safeRedirect } from "../../app/lib/session.server.ts";

describe("safeRedirect", () => {
  const context = new RouterContextProvider();
  context.set(appContext, { publicUrl: "https://relaptop.test" } as AppContext);
  it.each([
    ["/category/1", "/category/1"],
    ["/dashboard?x=1#top", "/dashboard?x=1#top"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/\r\nSet-Cookie: x=1", "/Set-Cookie:%20x=1"],
    ["https://evil.example", "/"],
    ["https://relaptop.test/dashboard", "/"],
    ["javascript:alert(1)", "/"],
    [null, "/"],
    ["", "/"],
  ])("%j → %s", (to, expected) => {
    expect(safeRedirect(context, to)).toBe(expected);
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

describe("getUser", () => {
  const requestContext = () => {
    const getSessionUser = vi.fn(async () => null);
    const context = new RouterContextProvider();
    context.set(appContext, { ip: "127.0.0.1", services: { accounts: { getSessionUser } } } as unknown as AppContext);
    return { context, getSessionUser };
  };

  it("looks the session up once for all the loaders of a page", async () => {
    const { context, getSessionUser } = requestContext();
    const request = new Request("http://x/allAdd");
    await Promise.all([getUser(request, context), getUser(request, context)]);
    expect(getSessionUser).toHaveBeenCalledTimes(1);
  });

  it("looks again after an action, which may have changed the account", async () => {
    const { context, getSessionUser } = requestContext();
    const request = new Request("http://x/profile", { method: "POST" });
    await getUser(request, context);
    await getUser(request, context);
    expect(getSessionUser).toHaveBeenCalledTimes(2);
  });
});
