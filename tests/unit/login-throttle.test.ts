import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addressKey, createCounters } from "../../core/accounts/counters.ts";
import { createLoginThrottle, createSignUpLimit } from "../../core/accounts/login-throttle.ts";

const limits = {
  perAccountAndAddress: { limit: 3, windowMs: 60_000 },
  perAddress: { limit: 5, windowMs: 60_000 },
  perAccount: { limit: 10, windowMs: 600_000 },
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe("login throttle (in memory)", () => {
  it("blocks an account from the guessing address only, until the window ends", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    for (let i = 0; i < 3; i++) await t.recordFailure("Ann@x.test", "10.0.0.1");
    expect(await t.retryAfter("ann@x.test", "10.0.0.1")).toBe(60_000);
    expect(await t.retryAfter("ann@x.test", "10.0.0.2")).toBe(0);
    vi.setSystemTime(59_000);
    expect(await t.retryAfter("ann@x.test", "10.0.0.1")).toBe(1_000);
    vi.setSystemTime(60_000);
    expect(await t.retryAfter("ann@x.test", "10.0.0.1")).toBe(0);
  });

  it("blocks an address spraying many accounts, for every account", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    for (let i = 0; i < 5; i++) await t.recordFailure(`user${i}@x.test`, "10.0.0.1");
    expect(await t.retryAfter("fresh@x.test", "10.0.0.1")).toBeGreaterThan(0);
    expect(await t.retryAfter("fresh@x.test", "10.0.0.2")).toBe(0);
  });

  it("stops many addresses guessing one account at the account's ceiling", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    for (let i = 0; i < 9; i++) await t.recordFailure("bo@x.test", `10.0.${i}.1`);
    expect(await t.retryAfter("bo@x.test", "10.9.9.9")).toBe(0);
    await t.recordFailure("bo@x.test", "10.0.9.1");
    expect(await t.retryAfter("bo@x.test", "10.9.9.9")).toBe(600_000);
    // A password reset (to come) proves the owner: the ceiling starts over.
    await t.forgetAccount("bo@x.test");
    expect(await t.retryAfter("bo@x.test", "10.9.9.9")).toBe(0);
  });

  it("forgets the failures from an address once the owner gets in from it", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    await t.recordFailure("cy@x.test", "a");
    await t.recordFailure("cy@x.test", "a");
    await t.recordSuccess("cy@x.test", "a");
    await t.recordFailure("cy@x.test", "a");
    await t.recordFailure("cy@x.test", "a");
    expect(await t.retryAfter("cy@x.test", "a")).toBe(0);
  });

  it("counts an IPv6 client's whole /64 as one address", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    for (let i = 1; i <= 3; i++) await t.recordFailure("di@x.test", `2001:db8:1:2::${i}`);
    expect(await t.retryAfter("di@x.test", "2001:0db8:0001:0002:ffff::1")).toBeGreaterThan(0);
    expect(await t.retryAfter("di@x.test", "2001:db8:1:3::1")).toBe(0);
  });
});

describe("sign-up limit", () => {
  it("lets an address open its allowance per window, then says how long to wait", async () => {
    const s = createSignUpLimit(createCounters(), { limit: 2, windowMs: 3_600_000 });
    expect(await s.take("10.0.0.1")).toBe(0);
    expect(await s.take("10.0.0.1")).toBe(0);
    expect(await s.take("10.0.0.1")).toBe(3_600_000);
    expect(await s.take("10.0.0.2")).toBe(0);
  });
});

describe("address keys", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd", "2001:db8:0:1::/64"],
    ["unknown", "unknown"],
  ])("%s counts as %s", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});
