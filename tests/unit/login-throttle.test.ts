import { describe, expect, it } from "vitest";
import { createLoginThrottle } from "../../core/accounts/login-throttle.ts";

const limits = { perAccount: 3, perAddress: 5, windowMs: 60_000 };

describe("login throttle", () => {
  it("blocks an account after its limit, whatever the address, until the window ends", () => {
    let now = 0;
    const t = createLoginThrottle(limits, () => now);
    for (let i = 0; i < 3; i++) t.recordFailure("Ann@x.test", `10.0.0.${i}`);
    expect(t.retryAfter("ann@x.test", "10.9.9.9")).toBe(60_000);
    now = 59_999;
    expect(t.retryAfter("ann@x.test", "10.9.9.9")).toBe(1);
    now = 60_000;
    expect(t.retryAfter("ann@x.test", "10.9.9.9")).toBe(0);
  });

  it("blocks an address spraying many accounts", () => {
    const t = createLoginThrottle(limits, () => 0);
    for (let i = 0; i < 5; i++) t.recordFailure(`user${i}@x.test`, "10.0.0.1");
    expect(t.retryAfter("fresh@x.test", "10.0.0.1")).toBeGreaterThan(0);
    expect(t.retryAfter("fresh@x.test", "10.0.0.2")).toBe(0);
  });

  it("forgets an account's failures after a successful login", () => {
    const t = createLoginThrottle(limits, () => 0);
    t.recordFailure("bo@x.test", "a");
    t.recordFailure("bo@x.test", "b");
    t.recordSuccess("bo@x.test");
    t.recordFailure("bo@x.test", "c");
    t.recordFailure("bo@x.test", "d");
    expect(t.retryAfter("bo@x.test", "e")).toBe(0);
  });
});
