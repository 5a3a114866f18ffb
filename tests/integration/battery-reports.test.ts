import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { BATTERY_REPORT_MESSAGES as M } from "../../schemas/battery-report.ts";
import { createBrand } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { client } from "../support/http.ts";
import { advertFormFields, sendAdvertForm } from "../support/multipart.ts";
import { pageAppForTests } from "../support/page-build.ts";
import { signedInAccounts } from "../support/people.ts";

/**
 * Battery reports over HTTP: a seller posts an advert with the laptop's report, its figures (never the report)
 * are what cards, the laptop's page, the battery filter and "Battery verified" read; refusals name the field.
 */

const t = pageAppForTests();
let brandId: string;
let as: Record<"anonymous" | "owner", Client>;

const fixture = (name: string) => readFileSync(new URL(`../fixtures/battery-reports/${name}`, import.meta.url), "utf8");
/** upower's report, written today (reports older than 30 days are refused). */
const upowerToday = () =>
  fixture("linux-upower.txt").replace("Sat 28 Nov 2026 10:15:32 AM UTC", new Date().toUTCString());
const windowsToday = () =>
  fixture("windows-battery-report.html").replace("2026-11-28 ", `${new Date().toISOString().slice(0, 10)} `);

const fields = (over: Record<string, string> = {}) =>
  advertFormFields(brandId, { name: "ThinkPad T14 battery", batteryHealth: "95", ...over });

/** Posts (or, with `id`, saves) the advert form with a photo and, if given, a battery report. */
const send = (over: Record<string, string>, report?: string, id?: string) =>
  sendAdvertForm(as.owner, fields(over), {
    id,
    files: report === undefined ? {} : { batteryReport: { name: "battery.txt", data: Buffer.from(report) } },
  });

beforeAll(async () => {
  brandId = (await createBrand(t, "Lenovo")).id;
  const { clients } = await signedInAccounts(t, {
    owner: { name: "Owen Owner", email: "battery-owner@x.test", role: "seller" },
  });
  as = { anonymous: client(t), ...clients };
});

describe("a battery report with the advert form", () => {
  let id: string;

  it("keeps the report's figures, shown instead of the typed health, and never the report", async () => {
    const res = await send({ name: "Verified ThinkPad" }, upowerToday());
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
    const page = await as.anonymous.get(`/api/adverts/${id}`);
    expect(page.json()).toMatchObject({
      batteryHealth: 95,
      batteryVerified: 87,
      batteryCycles: 312,
      batteryReport: { format: "upower", model: "SMP 5B10W13975", dated: true, designCapacity: 57000 },
    });
    expect(page.body).not.toContain("native-path");
    const html = await as.anonymous.get(`/laptops/${id}`);
    expect(html.body).toContain("Battery verified: 87 % · 312 cycles");
    expect(html.body).toMatch(/report of \d{1,2} [A-Z][a-z]{2} \d{4}/);
  });

  it("is kept when the advert is saved without one, replaced by a new one, and removed on request", async () => {
    expect((await send({ name: "Verified ThinkPad" }, undefined, id)).statusCode).toBe(204);
    expect((await as.owner.get(`/api/adverts/${id}`)).json().batteryVerified).toBe(87);
    const replaced = await send({ name: "Verified ThinkPad" }, windowsToday(), id);
    expect(replaced.statusCode, replaced.body).toBe(204);
    expect((await as.owner.get(`/api/adverts/${id}`)).json()).toMatchObject({
      batteryVerified: 87,
      batteryReport: { format: "windows", model: "Dell Inc. XPS 13 9315" },
    });
    expect((await send({ removeBatteryReport: "true" }, undefined, id)).statusCode).toBe(204);
    expect((await as.owner.get(`/api/adverts/${id}`)).json()).toMatchObject({
      batteryVerified: null,
      batteryCycles: null,
      batteryReport: null,
    });
    expect((await send({ name: "Verified ThinkPad" }, upowerToday(), id)).statusCode).toBe(204);
  });

  it("shows the report's model as inert text on the laptop's page", async () => {
    const hostile = upowerToday().replace("5B10W13975", '<img src=x onerror="alert(1)"><script>alert(2)</script>');
    const res = await send({ name: "Hostile model laptop" }, hostile);
    expect(res.statusCode, res.body).toBe(201);
    const html = (await as.anonymous.get(`/laptops/${res.json().id}`)).body;
    expect(html).toContain("&lt;img src=x onerror=");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>alert(2)");
    // Withdrawn: the search below counts this brand's laptops.
    expect((await as.owner.raw("DELETE", `/api/adverts/${res.json().id}`)).statusCode).toBe(204);
  });

  it("refuses what is not a recent, real report with a 400 naming batteryReport, and posts nothing", async () => {
    const refusals: [string, string][] = [
      ["My battery is fine, trust me.", M.notReport],
      [fixture("linux-upower.txt").replace("Sat 28 Nov 2026", "Sat 01 Aug 2026"), M.tooOld],
      [upowerToday().replace("49.63 Wh", "70 Wh"), M.aboveDesign],
      [upowerToday().replace("57 Wh", "0 Wh"), M.impossibleCapacity],
      [upowerToday().replace("charge-cycles:       312", "charge-cycles:       9000"), M.tooManyCycles],
      [`${upowerToday()}${" ".repeat(2 * 1024 * 1024)}`, M.tooLarge],
    ];
    for (const [report, message] of refusals) {
      const res = await send({ name: "Refused report laptop" }, report);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().fields).toEqual({ batteryReport: message });
    }
    const mine = (await as.owner.get("/api/sellers/battery-owner@x.test/adverts")).json().adverts;
    expect(mine.map((a: { name: string }) => a.name)).not.toContain("Refused report laptop");
  });
});

describe("Battery verified in search", () => {
  it("filters and counts verified batteries; the battery filter reads the verified figure first", async () => {
    const typed = await send({ name: "Typed battery laptop", batteryHealth: "95" });
    expect(typed.statusCode).toBe(201);
    const names = async (query: string) =>
      (await as.anonymous.get(`/api/adverts?brand=${brandId}&${query}`))
        .json()
        .items.map((a: { name: string }) => a.name);
    expect(await names("batteryVerified=true")).toEqual(["Verified ThinkPad"]);
    // Typed 95, verified 87: the report's figure is the one filtered on.
    expect(await names("minBattery=90")).toEqual(["Typed battery laptop"]);
    expect((await names("minBattery=85")).sort()).toEqual(["Typed battery laptop", "Verified ThinkPad"]);
    const counts = (await as.anonymous.get(`/api/adverts/counts?brand=${brandId}`)).json();
    expect(counts.batteryVerified).toEqual([{ value: 1, count: 1 }]);
    const card = (await as.anonymous.get(`/api/adverts?brand=${brandId}&batteryVerified=true`)).json().items[0];
    expect(card).toMatchObject({ batteryVerified: 87, batteryCycles: 312 });
  });
});
