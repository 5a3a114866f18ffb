import { describe, expect, it } from "vitest";
import { sellerReceives } from "../../schemas/fees.ts";
import { formatPrice } from "../../schemas/money.ts";
import { createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { advertFormFields, multipart, sendAdvertForm } from "../support/multipart.ts";
import { pageAppForTests, shownOn } from "../support/page-build.ts";
import { signedInClient, signedInPerson } from "../support/people.ts";

/**
 * A form refused without JavaScript comes back as a whole new page: what was typed must be in its fields again
 * ("nothing typed is lost"), never a password, and in the refused form only — not in another form's fields of
 * the same name.
 */
const t = pageAppForTests();

/** The starting value of each control named `name` on a page, as a browser without JavaScript shows it. */
function valuesOf(html: string, name: string): string[] {
  const shown = shownOn(html);
  const out: string[] = [];
  for (const [tag] of shown.matchAll(new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`, "g"))) {
    if (/type="(checkbox|radio)"/.test(tag)) {
      if (/\bchecked=""/.test(tag)) out.push(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "on");
    } else out.push(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "");
  }
  for (const [, text] of shown.matchAll(new RegExp(`<textarea\\b[^>]*\\bname="${name}"[^>]*>([^<]*)</textarea>`, "g")))
    out.push(text ?? "");
  for (const [, options] of shown.matchAll(
    new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</select>`, "g"),
  ))
    out.push(/<option\b[^>]*\bvalue="([^"]*)"[^>]*\bselected=""/.exec(options ?? "")?.[1] ?? "");
  return out;
}

describe("a form refused without JavaScript keeps what was typed", () => {
  it("login: the email stays, the password is never sent back", async () => {
    const password = "Wr0ng!secret";
    const refused = await client(t).form("/login", { email: "nobody@typed.test", password });
    expect(refused.statusCode).toBe(401);
    expect(valuesOf(refused.body, "email")).toEqual(["nobody@typed.test"]);
    expect(valuesOf(refused.body, "password")).toEqual([""]);
    expect(refused.body).not.toContain(password); // nor in the page's data
  });

  it("sign-up: an email already taken keeps the name and the email, not the password", async () => {
    await createUser(t, { name: "Taken", email: "taken@typed.test" });
    const password = "N3w!pass";
    const refused = await client(t).form("/signUp", { name: "Rina Akter", email: "taken@typed.test", password });
    expect(refused.statusCode).toBe(409);
    expect(valuesOf(refused.body, "name")).toEqual(["Rina Akter"]);
    expect(valuesOf(refused.body, "email")).toEqual(["taken@typed.test"]);
    expect(refused.body).not.toContain(password);
  });

  it("Add Advertisement: every field as it was, the boxes as they were ticked", async () => {
    const brand = await createBrand(t, "Typed Brand");
    const seller = await createUser(t, { name: "Tia Seller", email: "tia@typed.test", role: "seller", verified: true });
    const tia = await signedInClient(t, seller.email);
    const form = multipart(
      advertFormFields(brand.id, {
        name: "ThinkPad X1 Carbon",
        resalePrice: "a lot", // refused
        location: "Chattogram",
        description: "A small dent on the lid.\nBattery holds five hours.",
        ships: "true",
        shippingPrice: "12",
        checklist: ["screen", "charger"],
        processor: "Intel Core i7-1165G7",
        ramGb: "16",
      }),
    );
    const refused = await tia.raw("POST", "/dashboard/post/add", form.payload, form.headers);
    expect(refused.statusCode).toBe(400);
    expect(shownOn(refused.body)).toContain("Resale price");
    const kept = (name: string) => valuesOf(refused.body, name);
    expect(kept("name")).toEqual(["ThinkPad X1 Carbon"]);
    expect(kept("resalePrice")).toEqual(["a lot"]);
    expect(kept("location")).toEqual(["Chattogram"]);
    expect(kept("description")).toEqual(["A small dent on the lid.\nBattery holds five hours."]);
    expect(kept("brandId")).toEqual([brand.id]);
    expect(kept("condition")).toEqual(["good"]);
    expect(kept("ships")).toEqual(["true"]);
    expect(kept("shippingPrice")).toEqual(["12"]);
    expect(kept("checklist")).toEqual(["screen", "charger"]);
    expect(kept("processor")).toEqual(["Intel Core i7-1165G7"]);
    expect(kept("ramGb")).toEqual(["16"]);
  });

  it("Edit Advertisement: a photo ticked for removal stays ticked, and what the seller receives is from the price typed", async () => {
    const brand = await createBrand(t, "Edited Brand");
    const seller = await createUser(t, { name: "Eda Seller", email: "eda@typed.test", role: "seller", verified: true });
    const eda = await signedInClient(t, seller.email);
    const posted = await sendAdvertForm(eda, advertFormFields(brand.id, { name: "Dell Latitude 7420" }));
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().id as string;
    const editPage = shownOn((await eda.get(`/dashboard/post/edit/${id}`)).body);
    expect(valuesOf(editPage, "removePhoto")).toEqual([]); // nothing ticked yet
    const key = /name="removePhoto" value="([^"]+)"/.exec(editPage)?.[1] ?? "";
    expect(key).not.toBe("");
    const form = multipart(
      advertFormFields(brand.id, {
        name: "Dell Latitude 7420",
        resalePrice: "950",
        yearsOfUse: "many",
        removePhoto: key,
      }),
    );
    const refused = await eda.raw("POST", `/dashboard/post/edit/${id}`, form.payload, form.headers);
    expect(refused.statusCode).toBe(400);
    expect(valuesOf(refused.body, "removePhoto")).toEqual([key]);
    expect(valuesOf(refused.body, "yearsOfUse")).toEqual(["many"]);
    const receives = (cents: number) =>
      `You receive ${formatPrice(sellerReceives(cents, t.services.orders.platformFee()))}`;
    expect(shownOn(refused.body)).toContain(receives(95_000));
    expect(shownOn(refused.body)).not.toContain(receives(80_000)); // not from the saved price
  });

  it("one of a page's forms alike: the name typed shows in the search renamed, not in the others", async () => {
    const me = await signedInPerson(t);
    for (const q of ["thinkpad", "macbook"]) {
      expect((await me.http.form("/dashboard/saved-searches", { intent: "create", q, name: "" })).statusCode).toBe(200);
    }
    const [first, second] = await t.services.savedSearches.list(me.user);
    const tooLong = "A".repeat(81);
    const refused = await me.http.form("/dashboard/saved-searches", {
      intent: "rename",
      id: first?.id ?? "",
      name: tooLong,
    });
    expect(refused.statusCode).toBe(400);
    const names = valuesOf(refused.body, "name");
    expect(names).toContain(tooLong);
    expect(names).toContain(second?.name);
    expect(names.filter((n) => n === tooLong)).toHaveLength(1);
  });
});
