import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addressKey, createCounters } from "../../core/accounts/counters.ts";
import { createDeviceCookies } from "../../core/accounts/device-cookie.ts";
import { createLoginThrottle, createSignUpLimit } from "../../core/accounts/login-throttle.ts";

const limits = {
  perDevice: { limit: 3, windowMs: 60_000 },
  perAccountAndAddress: { limit: 3, windowMs: 60_000 },
  perAddress: { limit: 5, windowMs: 60_000 },
  perAccount: { limit: 10, windowMs: 600_000 },
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

/** How long this account must wait from this address on a browser it does not know (0: it may try now). */
const wait = async (
  t: ReturnType<typeof createLoginThrottle>,
  email: string,
  ip: string,
  device: string | null = null,
) => (await t.refusal(email, ip, device))?.wait ?? 0;

describe("login throttle (in memory)", () => {
  it("blocks an account from the guessing address only, until the window ends", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    for (let i = 0; i < 3; i++) await t.recordFailure("Ann@x.test", "10.0.0.1", null);
    expect(await wait(t, "ann@x.test", "10.0.0.1")).toBe(60_000);
    expect(await wait(t, "ann@x.test", "10.0.0.2")).toBe(0);
    vi.setSystemTime(59_000);
    expect(await wait(t, "ann@x.test", "10.0.0.1")).toBe(1_000);
    vi.setSystemTime(60_000);
    expect(await wait(t, "ann@x.test", "10.0.0.1")).toBe(0);
  });

  it("blocks an address spraying many accounts, for every account", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    for (let i = 0; i < 5; i++) await t.recordFailure(`user${i}@x.test`, "10.0.0.1", null);
    expect(await wait(t, "fresh@x.test", "10.0.0.1")).toBeGreaterThan(0);
    expect(await wait(t, "fresh@x.test", "10.0.0.2")).toBe(0);
  });

  it("stops many addresses guessing one account at the account's ceiling, and says so once", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    for (let i = 0; i < 9; i++) {
      expect(await t.recordFailure("bo@x.test", `10.0.${i}.1`, null)).toEqual({ ceilingReached: false });
    }
    expect(await wait(t, "bo@x.test", "10.9.9.9")).toBe(0);
    expect(await t.recordFailure("bo@x.test", "10.0.9.1", null)).toEqual({ ceilingReached: true });
    expect(await t.refusal("bo@x.test", "10.9.9.9", null)).toEqual({ by: "account", wait: 600_000 });
    // Past the ceiling (attempts already on their way when it was reached): the owner was told already.
    expect(await t.recordFailure("bo@x.test", "10.0.10.1", null)).toEqual({ ceilingReached: false });
    // A password reset (to come) proves the owner: the ceiling starts over.
    await t.forgetAccount("bo@x.test");
    expect(await wait(t, "bo@x.test", "10.9.9.9")).toBe(0);
  });

  it("forgets the failures from an address once the owner gets in from it", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    await t.recordFailure("cy@x.test", "a", null);
    await t.recordFailure("cy@x.test", "a", null);
    await t.recordSuccess("cy@x.test", "a", null);
    await t.recordFailure("cy@x.test", "a", null);
    await t.recordFailure("cy@x.test", "a", null);
    expect(await wait(t, "cy@x.test", "a")).toBe(0);
  });

  it("limits a known device by its own failures only, never by the account's ceiling", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    for (let i = 0; i < 10; i++) await t.recordFailure("ed@x.test", `10.1.${i}.1`, null);
    expect((await t.refusal("ed@x.test", "10.9.9.9", null))?.by).toBe("account");
    // The owner's laptop, even from an address that guessed, and its own typing mistakes.
    expect(await t.refusal("ed@x.test", "10.1.0.1", "laptop")).toBeNull();
    await t.recordFailure("ed@x.test", "10.1.0.1", "laptop");
    await t.recordFailure("ed@x.test", "10.1.0.1", "laptop");
    await t.recordSuccess("ed@x.test", "10.1.0.1", "laptop");
    expect(await t.refusal("ed@x.test", "10.1.0.1", "laptop")).toBeNull();
    // A stolen device cookie guesses no more than its device's limit: then that device waits.
    for (let i = 0; i < 3; i++) await t.recordFailure("ed@x.test", "10.2.0.1", "stolen");
    expect(await t.refusal("ed@x.test", "10.2.0.2", "stolen")).toEqual({ by: "browser", wait: 60_000 });
    expect(await t.refusal("ed@x.test", "10.1.0.1", "laptop")).toBeNull();
    // A device's failures never count towards the account's or the address's limits.
    const fresh = createLoginThrottle(createCounters(), limits);
    for (let i = 0; i < 20; i++) await fresh.recordFailure("fay@x.test", "10.3.0.1", `device${i % 5}`);
    expect(await fresh.refusal("fay@x.test", "10.3.0.1", null)).toBeNull();
  });

  it("counts an IPv6 client's whole /64 as one address", async () => {
    const t = createLoginThrottle(createCounters(), limits);
    for (let i = 1; i <= 3; i++) await t.recordFailure("di@x.test", `2001:db8:1:2::${i}`, null);
    expect(await wait(t, "di@x.test", "2001:0db8:0001:0002:ffff::1")).toBeGreaterThan(0);
    expect(await wait(t, "di@x.test", "2001:db8:1:3::1")).toBe(0);
  });
});

describe("device cookies", () => {
  const devices = createDeviceCookies({ secret: "s".repeat(32), secure: false });

  it("prove the account they were issued for, until their life ends", () => {
    const [cookie, ...others] = devices.issue("Gus@x.test");
    expect(cookie?.name).toBe(devices.nameFor("gus@x.test"));
    expect(cookie?.options).toMatchObject({ path: "/login", httpOnly: true, sameSite: "lax" });
    expect(others.map((c) => c.options.path)).toEqual(["/login.data", "/api/auth/sign-in"]);
    const device = devices.verify("gus@x.test", cookie?.value);
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(devices.verify(" GUS@x.test", cookie?.value)).toBe(device);
    vi.setSystemTime(179 * 24 * 3600_000);
    expect(devices.verify("gus@x.test", cookie?.value)).toBe(device);
    vi.setSystemTime(180 * 24 * 3600_000);
    expect(devices.verify("gus@x.test", cookie?.value)).toBeNull();
  });

  it("are worth nothing for another account, altered, or signed with another secret", () => {
    const value = devices.issue("hal@x.test")[0]?.value ?? "";
    const [nonce, issued, signature] = value.split(".");
    expect(devices.nameFor("hal@x.test")).not.toBe(devices.nameFor("ida@x.test"));
    expect(devices.verify("ida@x.test", value)).toBeNull();
    expect(devices.verify("hal@x.test", `${nonce}x.${issued}.${signature}`)).toBeNull();
    expect(devices.verify("hal@x.test", `${nonce}.${Number(issued) + 1}.${signature}`)).toBeNull();
    expect(devices.verify("hal@x.test", `${nonce}.${issued}.${signature}.`)).toBeNull();
    expect(devices.verify("hal@x.test", "")).toBeNull();
    expect(devices.verify("hal@x.test", undefined)).toBeNull();
    const other = createDeviceCookies({ secret: "t".repeat(32), secure: false });
    expect(other.verify("hal@x.test", value)).toBeNull();
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
