import { describe, expect, it } from "vitest";
import { FORGET_TIME_ZONE, formatWhen, relativeWhen, TIME_ZONE_COOKIE, timeZoneOf } from "../../app/lib/time-zone.ts";

const withCookie = (cookie?: string) =>
  new Request("http://localhost/dashboard/messages", cookie ? { headers: { cookie } } : undefined);

describe("the reader's time zone", () => {
  it("is the one the cookie names, by its own name", () => {
    expect(timeZoneOf(withCookie(`a=1; ${TIME_ZONE_COOKIE}=Asia%2FDhaka; b=2`))).toBe("Asia/Dhaka");
    expect(timeZoneOf(withCookie(`${TIME_ZONE_COOKIE}=asia%2Fdhaka`))).toBe("Asia/Dhaka");
    expect(timeZoneOf(withCookie(`${TIME_ZONE_COOKIE}=America/New_York`))).toBe("America/New_York");
  });

  it("is UTC without a cookie, or with one that names no zone", () => {
    expect(timeZoneOf(withCookie())).toBe("UTC");
    for (const value of ["Mars%2FOlympus", "%E0%A4%A", "", "x".repeat(100), "<script>"]) {
      expect(timeZoneOf(withCookie(`${TIME_ZONE_COOKIE}=${value}`))).toBe("UTC");
    }
  });

  it("shows times in it, and says UTC when it is not known", () => {
    const iso = "2026-11-28T03:38:00.000Z";
    expect(formatWhen(iso, "Asia/Dhaka")).toBe("Nov 28, 2026, 9:38 AM");
    expect(formatWhen(iso, "America/New_York")).toBe("Nov 27, 2026, 10:38 PM");
    expect(formatWhen(iso, "UTC")).toBe("Nov 28, 2026, 3:38 AM UTC");
    expect(formatWhen(iso, "Nowhere/Atall")).toBe("Nov 28, 2026, 3:38 AM UTC");
  });

  it("writes a day or a month in it, without a zone's name", () => {
    const iso = "2026-11-30T22:00:00.000Z";
    expect(formatWhen(iso, "Asia/Dhaka", "day")).toBe("Dec 1, 2026");
    expect(formatWhen(iso, "UTC", "day")).toBe("Nov 30, 2026");
    expect(formatWhen(iso, "Asia/Dhaka", "month")).toBe("December 2026");
  });

  it("says a moment of the last week as people do, and leaves older ones and deadlines to the date", () => {
    const now = Date.parse("2026-12-02T12:00:00.000Z");
    const ago = (ms: number) => new Date(now - ms).toISOString();
    expect(relativeWhen(ago(20_000), now)).toBe("just now");
    expect(relativeWhen(ago(3 * 60_000 + 5_000), now)).toBe("3 minutes ago");
    expect(relativeWhen(ago(5 * 3_600_000), now)).toBe("5 hours ago");
    expect(relativeWhen(ago(30 * 3_600_000), now)).toBe("yesterday");
    expect(relativeWhen(ago(3 * 86_400_000), now)).toBe("3 days ago");
    expect(relativeWhen(ago(7 * 86_400_000), now)).toBeNull();
    expect(relativeWhen(ago(-60_000), now)).toBeNull();
  });

  it("is forgotten on signing out", () => {
    expect(FORGET_TIME_ZONE).toMatch(new RegExp(`^${TIME_ZONE_COOKIE}=;.*Max-Age=0`));
  });
});
