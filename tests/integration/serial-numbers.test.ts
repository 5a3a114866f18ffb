import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminActions, adverts } from "../../db/schema/index.ts";
import { createBrand, createUser } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { advertFormFields, sendAdvertForm } from "../support/multipart.ts";
import { signedInClients } from "../support/people.ts";
import { testAppForTests } from "../support/test-app.ts";

const t = testAppForTests();
let brandId: string;
let as: Record<"anonymous" | "sam" | "mallory" | "rafi" | "admin", Client>;

/** Posts an advert (each with its own mobile number, so that only the serial can tie two together). */
async function post(who: Client, fields: Record<string, string>) {
  const res = await sendAdvertForm(who, advertFormFields(brandId, fields));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}
const hashOf = async (id: string) =>
  (await t.db.select({ hash: adverts.serialHash }).from(adverts).where(eq(adverts.id, id)))[0]?.hash;
const isPublic = async (id: string) => (await as.anonymous.get(`/api/adverts/${id}`)).statusCode === 200;
const queued = async (id: string) =>
  ((await as.admin.get("/api/review-queue")).json().adverts as { id: string; signals: { kind: string }[] }[]).find(
    (a) => a.id === id,
  );

beforeAll(async () => {
  brandId = (await createBrand(t, "Lenovo")).id;
  await createUser(t, { name: "Ada", email: "admin@x.test", role: "admin" });
  for (const [name, email] of [
    ["Sam", "sam@x.test"],
    ["Mallory", "mallory@x.test"],
    ["Rafi", "rafi@x.test"],
  ]) {
    await createUser(t, { name: name as string, email: email as string, role: "seller" });
  }
  as = await signedInClients(t, {
    sam: "sam@x.test",
    mallory: "mallory@x.test",
    rafi: "rafi@x.test",
    admin: "admin@x.test",
  });
});

describe("a laptop's serial number", () => {
  let sams: string;

  it("is kept only as a keyed hash, never in any API's answer", async () => {
    sams = await post(as.sam, { name: "Sam's T480", mobile: "01711111111", serialNumber: "pf-1a2b 3c4d" });
    expect(await isPublic(sams)).toBe(true);
    const hash = await hashOf(sams);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Spaces, dashes and small letters do not make another laptop.
    const same = await post(as.sam, { name: "Sam's T480 again", mobile: "01711111111", serialNumber: "PF1A2B3C4D" });
    expect(await hashOf(same)).toBe(hash);
    const answers = await Promise.all([
      as.sam.get(`/api/adverts/${sams}`),
      as.admin.get(`/api/adverts/${sams}`),
      as.sam.get("/api/sellers/sam@x.test/adverts"),
      as.anonymous.get("/api/adverts?q=T480"),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/PF1A2B3C4D|pf-1a2b/i);
      expect(res.body).not.toContain(hash);
    }
  });

  it("refuses a serial that is not one, on its field", async () => {
    for (const serialNumber of ["ab", "PF1A2B3C4D!", "x".repeat(41)]) {
      const res = await sendAdvertForm(as.sam, advertFormFields(brandId, { serialNumber }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.serialNumber).toBe(
        "Serial number must be 4 to 40 letters and digits, as printed under the laptop",
      );
    }
  });

  it("on another seller's advert holds it for review, naming the advert it matches", async () => {
    const copy = await post(as.mallory, { name: "Cheap T480", mobile: "01922222222", serialNumber: "PF1A2B3C4D" });
    expect(await isPublic(copy)).toBe(false);
    const held = await queued(copy);
    expect(held?.signals).toEqual([{ kind: "same_serial", detail: expect.stringContaining("Sam") }]);
    // Its seller is told why, without the other advert.
    const mine = (await as.mallory.get("/api/sellers/mallory@x.test/adverts")).json().adverts;
    expect(mine.find((a: { id: string }) => a.id === copy).pendingReview).toEqual([
      "Its serial number is on another seller's advert.",
    ]);
  });

  it("edited: an empty field keeps it, a new one replaces it, the checkbox removes it", async () => {
    const id = await post(as.sam, { name: "Sam's X1", mobile: "01711111111", serialNumber: "X1SERIAL01" });
    const first = await hashOf(id);
    const edit = (over: Record<string, string>) =>
      sendAdvertForm(as.sam, advertFormFields(brandId, { name: "Sam's X1", mobile: "01711111111", ...over }), { id });
    expect((await edit({})).statusCode).toBe(204);
    expect(await hashOf(id)).toBe(first);
    expect((await edit({ serialNumber: "X1SERIAL02" })).statusCode).toBe(204);
    expect(await hashOf(id)).not.toBe(first);
    expect((await edit({ removeSerialNumber: "true" })).statusCode).toBe(204);
    expect(await hashOf(id)).toBeNull();
  });
});

describe("serials reported stolen", () => {
  it("hold every advert for sale with one at once, and any posted later; the list never shows the number", async () => {
    const own = await post(as.rafi, { name: "Rafi's XPS", mobile: "01633333333", serialNumber: "XPS-STOLEN-1" });
    expect(await isPublic(own)).toBe(true);

    const recorded = await as.admin.post("/api/stolen-serials", {
      serialNumber: "xps stolen 1",
      reason: "Police notice 2026/118",
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toEqual({ id: expect.any(String), held: 1 });
    expect(await isPublic(own)).toBe(false);
    expect((await queued(own))?.signals).toEqual([
      { kind: "stolen_serial", detail: expect.stringContaining("Police notice 2026/118") },
    ]);
    // The seller is told as little as possible.
    const told = (await as.rafi.get("/api/sellers/rafi@x.test/adverts")).json().adverts;
    expect(told.find((a: { id: string }) => a.id === own).pendingReview).toEqual([
      "Its serial number needs a check by our team.",
    ]);

    const later = await post(as.mallory, { name: "XPS 13", mobile: "01944444444", serialNumber: "XPSSTOLEN1" });
    expect(await isPublic(later)).toBe(false);
    expect((await queued(later))?.signals.map((s) => s.kind)).toContain("stolen_serial");

    const again = await as.admin.post("/api/stolen-serials", { serialNumber: "XPSSTOLEN1", reason: "Twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ serialNumber: "This serial number is already on the stolen list." });

    const list = await as.admin.get("/api/stolen-serials");
    expect(list.json()).toEqual({
      serials: [
        {
          id: recorded.json().id,
          reason: "Police notice 2026/118",
          reportedBy: "Ada",
          reportedAt: expect.any(String),
          adverts: 2,
        },
      ],
      next: null,
    });
    expect(list.body).not.toMatch(/XPS-?STOLEN-?1/i);
    expect(list.body).not.toContain(await hashOf(own));

    // Taken off the list: the held adverts wait for an admin, and nothing posted later is held for it.
    expect((await as.admin.raw("DELETE", `/api/stolen-serials/${recorded.json().id}`)).statusCode).toBe(204);
    expect((await as.admin.get("/api/stolen-serials")).json().serials).toEqual([]);
    expect(await isPublic(own)).toBe(false);
    const logged = await t.db.select().from(adminActions).where(eq(adminActions.targetId, recorded.json().id));
    expect(logged.map((a) => a.action).sort()).toEqual(["remove-stolen-serial", "report-stolen-serial"]);
  });

  it("refuses a record without a serial or a reason, each on its field", async () => {
    const res = await as.admin.post("/api/stolen-serials", { serialNumber: " - ", reason: "  " });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      serialNumber: "Serial number is required",
      reason: "Say where the report comes from (a police reference, a buyer's report)",
    });
  });
});
