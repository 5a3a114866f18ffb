import { describe, expect, it } from "vitest";
import { publish } from "../../core/orders/index.ts";
import { createAdvert, createBrand, createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { pageAppForTests, shownOn } from "../support/page-build.ts";
import { signedInPerson } from "../support/people.ts";

/** The saved-searches page as a browser without JavaScript uses it: plain form posts. */
const t = pageAppForTests();

const person = () => signedInPerson(t);

describe("/dashboard/saved-searches", () => {
  it("saves from a form post, refuses a malformed filter naming it, and renames and deletes only one's own", async () => {
    const me = await person();
    const other = await person();
    const saved = await me.http.form("/dashboard/saved-searches", {
      intent: "create",
      q: "thinkpad",
      maxPrice: "600",
      name: "",
    });
    expect(saved.statusCode).toBe(200);
    const [mine] = await t.services.savedSearches.list(me.user);
    expect(mine?.name).toBe("thinkpad · under $600");

    const malformed = await me.http.form("/dashboard/saved-searches", { intent: "create", minRam: "lots" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain("RAM must be a number of GB");

    const page = await me.http.get("/dashboard/saved-searches");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("thinkpad · under $600");
    expect(page.body).toContain(`href="/allAdd?q=thinkpad&amp;maxPrice=600"`);

    // Someone else's search, by its id: not found, and untouched.
    for (const fields of [
      { intent: "rename", id: mine?.id ?? "", name: "Stolen" } as Record<string, string>,
      { intent: "alerts", id: mine?.id ?? "", alerts: "off" },
      { intent: "delete", id: mine?.id ?? "" },
    ]) {
      const res = await other.http.form("/dashboard/saved-searches", fields);
      expect(res.statusCode, fields.intent).toBe(404);
    }
    expect(await t.services.savedSearches.list(me.user)).toMatchObject([
      { name: "thinkpad · under $600", alerts: "instant" },
    ]);

    // A blank name is refused beside that search's Name field (its input names the message).
    const blank = await me.http.form("/dashboard/saved-searches", { intent: "rename", id: mine?.id ?? "", name: " " });
    expect(blank.statusCode).toBe(400);
    expect(shownOn(blank.body)).toContain(
      `<p id="name-${mine?.id}-error" role="alert" class="text-sm text-error">Name cannot be empty</p>`,
    );
    const renamed = await me.http.form("/dashboard/saved-searches", {
      intent: "rename",
      id: mine?.id ?? "",
      name: "ThinkPads",
    });
    expect(renamed.statusCode).toBe(200);
    const deleted = await me.http.form("/dashboard/saved-searches", { intent: "delete", id: mine?.id ?? "" });
    expect(deleted.statusCode).toBe(200);
    expect(await t.services.savedSearches.list(me.user)).toEqual([]);
  });

  it("offers to save a spec query as the filters its words named, not as words no laptop's text contains", async () => {
    const me = await person();
    const page = await me.http.get("/allAdd?q=silver+laptop+16gb+under+600");
    expect(page.statusCode).toBe(200);
    /** "Save this search"'s form alone (the filter panel follows it on the page). */
    const formIn = (body: string) => {
      const start = body.indexOf('action="/dashboard/saved-searches');
      return body.slice(start, body.indexOf("</form>", start));
    };
    const saveForm = formIn(page.body);
    expect(saveForm).toContain('name="minRam" value="16"');
    expect(saveForm).toContain('name="maxPrice" value="600"');
    expect(saveForm).toContain('name="q" value="silver"');

    // The spec filters too, whether the words named them or the filter panel set them.
    const spec = await me.http.get("/allAdd?q=i7+512gb+ssd&tier=3&maxYears=2&verified=true");
    const specForm = formIn(spec.body);
    for (const [name, value] of [
      ["cpu", "i7"],
      ["minStorage", "512"],
      ["storageType", "SSD"],
      ["tier", "3"],
      ["maxYears", "2"],
      ["verified", "true"],
    ]) {
      expect(specForm).toContain(`name="${name}" value="${value}"`);
    }
    expect(specForm).not.toContain('name="q"');
  });

  it("sends visitors to log in", async () => {
    const res = await client(t).get("/dashboard/saved-searches");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain("/login?redirectTo=%2Fdashboard%2Fsaved-searches");
  });

  it("lists one's own matches on /dashboard/saved-searches/matches, linked from the page, and nobody else's", async () => {
    const me = await person();
    const other = await person();
    const brand = await createBrand(t, "Matchbrand");
    const seller = await createUser(t, { name: "Mia", email: "mia@x.test", role: "seller", verified: true });
    await t.services.savedSearches.create(me.user, { q: "zenbook", sort: "newest", name: "Zenbooks" });
    const advert = await createAdvert(t, {
      sellerId: seller.id,
      brandId: brand.id,
      name: "Asus Zenbook <b>14</b>",
      resalePriceCents: 61_000,
    });
    await t.db.transaction((tx) => publish(tx, advert.id, advert.sellerId));
    await t.services.savedSearches.matchNow();

    expect((await me.http.get("/dashboard/saved-searches")).body).toContain('href="/dashboard/saved-searches/matches"');
    const page = await me.http.get("/dashboard/saved-searches/matches");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h1");
    expect(page.body).toContain("Matches for your saved searches");
    expect(page.body).toContain("Asus Zenbook &lt;b&gt;14&lt;/b&gt;");
    expect(page.body).toContain(`href="/laptops/${advert.id}"`);
    expect(page.body).toContain("For “Zenbooks”");
    expect(page.body).toContain("$610");
    const theirs = await other.http.get("/dashboard/saved-searches/matches");
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain("Zenbook");
    expect(theirs.body).toContain("No matches yet.");
    expect((await me.http.get("/dashboard/saved-searches/matches?cursor=nonsense")).statusCode).toBe(404);
    const visitor = await client(t).get("/dashboard/saved-searches/matches");
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toContain("/login?redirectTo=%2Fdashboard%2Fsaved-searches%2Fmatches");
  });
});
