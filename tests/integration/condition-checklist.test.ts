import { beforeAll, describe, expect, it } from "vitest";
import { CHECKLIST_LABELS, CONDITION_DEFINITIONS } from "../../schemas/condition-labels.ts";
import { createBrand } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { client } from "../support/http.ts";
import { advertFormFields, sendAdvertForm } from "../support/multipart.ts";
import { pageAppForTests } from "../support/page-build.ts";
import { signedInAccounts } from "../support/people.ts";

/**
 * The condition grades' definitions and the seller's checklist over HTTP: posted and edited with the advert
 * form, returned by the API, listed on the laptop's page beside the grade's definition; "Charger included"
 * filters and counts; anything but a known item is refused naming `checklist`.
 */

const t = pageAppForTests();
let brandId: string;
let as: Record<"anonymous" | "owner", Client>;

const fields = (over: Record<string, string | string[]> = {}) =>
  advertFormFields(brandId, { name: "ThinkPad checklist", ...over });

/** Posts (or, with `id`, saves) the advert form with a photo. */
const send = (over: Record<string, string | string[]>, id?: string) => sendAdvertForm(as.owner, fields(over), { id });

beforeAll(async () => {
  brandId = (await createBrand(t, "Checklist brand")).id;
  const { clients } = await signedInAccounts(t, {
    owner: { name: "Cleo Checklist", email: "checklist-owner@x.test", role: "seller" },
  });
  as = { anonymous: client(t), ...clients };
});

describe("the checklist with the advert form", () => {
  let id: string;

  it("is kept in its own order, once each, returned by the API and listed on the laptop's page", async () => {
    const res = await send({ name: "Charger ThinkPad", checklist: ["charger", "screen", "charger", "hinges"] });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().id;
    expect((await as.anonymous.get(`/api/adverts/${id}`)).json()).toMatchObject({
      condition: "good",
      checklist: ["screen", "hinges", "charger"],
    });
    const html = (await as.anonymous.get(`/laptops/${id}`)).body;
    expect(html).toContain("What the seller says is true");
    for (const item of ["screen", "hinges", "charger"] as const) expect(html).toContain(CHECKLIST_LABELS[item]);
    expect(html).not.toContain(CHECKLIST_LABELS.box);
    expect(html).toContain(CONDITION_DEFINITIONS.good);
  });

  it("one item is a list of one; an edit replaces the list, and none ticked empties it", async () => {
    expect((await send({ name: "Charger ThinkPad", checklist: "box" }, id)).statusCode).toBe(204);
    expect((await as.owner.get(`/api/adverts/${id}`)).json().checklist).toEqual(["box"]);
    const edit = (await as.owner.get(`/dashboard/post/edit/${id}`)).body;
    expect(edit).toMatch(/checked="" value="box"/);
    expect((await send({ name: "Charger ThinkPad" }, id)).statusCode).toBe(204);
    expect((await as.owner.get(`/api/adverts/${id}`)).json().checklist).toEqual([]);
    expect((await as.anonymous.get(`/laptops/${id}`)).body).not.toContain("What the seller says is true");
    expect((await send({ name: "Charger ThinkPad", checklist: ["charger", "keyboard"] }, id)).statusCode).toBe(204);
    expect((await as.owner.get(`/api/adverts/${id}`)).json().checklist).toEqual(["keyboard", "charger"]);
  });

  it("shows every grade's definition on the post form", async () => {
    const html = (await as.owner.get("/dashboard/post/add")).body;
    expect(html).toContain("What is true of this laptop");
    for (const definition of Object.values(CONDITION_DEFINITIONS)) expect(html).toContain(definition);
  });

  it("refuses anything but a known item with a 400 naming checklist, and posts nothing", async () => {
    for (const checklist of ["<script>alert(1)</script>", "Charger", "charger,box", ""]) {
      const res = await send({ name: "Refused checklist laptop", checklist: ["screen", checklist] });
      expect(res.statusCode, checklist).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(["checklist"]);
      expect(res.body).not.toContain("<script>");
    }
    const mine = (await as.owner.get("/api/sellers/checklist-owner@x.test/adverts")).json().adverts;
    expect(mine.map((a: { name: string }) => a.name)).not.toContain("Refused checklist laptop");
  });
});

describe("Charger included in search", () => {
  it("filters and counts the laptops whose sellers include the charger", async () => {
    expect((await send({ name: "No charger laptop", checklist: ["screen", "box"] })).statusCode).toBe(201);
    expect((await send({ name: "Bare laptop" })).statusCode).toBe(201);
    const names = async (query: string) =>
      (await as.anonymous.get(`/api/adverts?brand=${brandId}&${query}`))
        .json()
        .items.map((a: { name: string }) => a.name);
    expect(await names("charger=true")).toEqual(["Charger ThinkPad"]);
    expect((await names("")).length).toBe(3);
    expect((await as.anonymous.get(`/api/adverts?brand=${brandId}&charger=maybe`)).statusCode).toBe(400);
    const counts = (await as.anonymous.get(`/api/adverts/counts?brand=${brandId}`)).json();
    expect(counts.charger).toEqual([{ value: 1, count: 1 }]);
    const page = (await as.anonymous.get(`/allAdd?brand=${brandId}&charger=true`)).body;
    expect(page).toContain("Charger ThinkPad");
    expect(page).not.toContain("Bare laptop");
  });
});
