import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESCRIBE_THE_PROBLEM } from "../../schemas/disputes.ts";
import { createAdvert, createBrand } from "../../seed/factories.ts";
import type { Client } from "../support/http.ts";
import { multipart, pngBytes } from "../support/multipart.ts";
import { closePageApp, shownOn, startPageApp } from "../support/page-build.ts";
import { signedInCast } from "../support/people.ts";
import type { TestApp } from "../support/test-app.ts";

/**
 * The disputes' pages, server-rendered: Report a problem on the order's page (with photos, keeping what was
 * typed when refused), the exchange there, and the admins' Disputes page with its count and its decisions.
 */

let t: TestApp;
const as = {} as Record<"bea" | "sam" | "ada", Client>;
let orderId: string;
let photo: Buffer;

const post = (who: Client, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = {}) => {
  const m = multipart(fields, files);
  return who.raw("POST", `/dashboard/orders/${orderId}`, m.payload, m.headers);
};

beforeAll(async () => {
  t = await startPageApp();
  photo = await pngBytes();
  const brandId = (await createBrand(t, "Asus")).id;
  const { users, clients } = await signedInCast(t, "sam", "bea", "ada");
  Object.assign(as, clients);
  const { sam, bea } = users;
  const advert = await createAdvert(t, {
    sellerId: sam.id,
    brandId,
    name: "Zenbook 14",
    resalePriceCents: 52_000,
  });
  orderId = (
    await t.services.orders.book(bea, { advertId: advert.id, meetingLocation: "Dhanmondi", phone: "01812345678" })
  ).id;
  await t.services.orders.payWithTestCard(bea, orderId);
  await t.services.orders.handOver(sam, orderId);
});
afterAll(() => closePageApp(t));

describe("the order's page", () => {
  it("offers its buyer Report a problem in the protection window, and not its seller", async () => {
    expect((await as.bea.get(`/dashboard/orders/${orderId}`)).body).toContain("Report a problem");
    expect((await as.sam.get(`/dashboard/orders/${orderId}`)).body).not.toContain("Report a problem");
  });

  it("refuses a report without a description under its field, keeping the reason chosen", async () => {
    const res = await post(as.bea, { intent: "reportProblem", reason: "does_not_work", description: " " });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(DESCRIBE_THE_PROBLEM);
    expect(res.body).toMatch(/<option value="does_not_work" selected="">/);
  });

  it("reports the problem with a photo; the seller answers; both read the exchange", async () => {
    const reported = await post(
      as.bea,
      { intent: "reportProblem", reason: "does_not_work", description: "It shuts down <b>after</b> a minute." },
      { photos: { name: "a.png", data: photo } },
    );
    expect(reported.statusCode, reported.body.slice(0, 300)).toBe(200);
    const answered = await post(as.sam, { intent: "disputeMessage", body: "It ran all day here." });
    expect(answered.statusCode).toBe(200);
    for (const who of [as.bea, as.sam, as.ada]) {
      const page = (await who.get(`/dashboard/orders/${orderId}`)).body;
      expect(page).toContain("The problem reported");
      // Shown as text, never as markup.
      expect(page).toContain("It shuts down &lt;b&gt;after&lt;/b&gt; a minute.");
      expect(page).toContain("It ran all day here.");
      expect(page).toMatch(/src="\/media\/[^"]+\.webp"/);
    }
    expect((await as.ada.get(`/dashboard/orders/${orderId}`)).body).not.toContain(
      'name="intent" value="disputeMessage"',
    );
  });
});

describe("the admins' Disputes page", () => {
  it("is in the admins' menu with the open count and lists the dispute with both sides", async () => {
    const page = await as.ada.get("/dashboard/disputes");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="/dashboard/disputes"');
    // Read as "Disputes 1 open"; the badge shows the number alone.
    expect(page.body).toMatch(
      /Disputes<span class="badge[^"]*"><span aria-hidden="true">1<\/span><span class="sr-only"> (<!-- -->)?1 open<\/span>/,
    );
    for (const text of ["Zenbook 14", "Bea Buyer", "Sam Seller", "It ran all day here.", "Partial refund"]) {
      expect(page.body).toContain(text);
    }
  });

  it("refuses a partial refund above what was paid under the amount, then decides one in dollars", async () => {
    const [dispute] = (await as.ada.get("/api/disputes")).json().items;
    const decide = (fields: Record<string, string>) =>
      as.ada.form("/dashboard/disputes", { disputeId: dispute.id, ...fields });
    const tooMuch = await decide({ decision: "partial_refund", amount: "600", reason: "Too much" });
    expect(tooMuch.statusCode).toBe(400);
    // Shown under the amount of this dispute's form, as a browser without JavaScript gets the page.
    expect(shownOn(tooMuch.body)).toMatch(/A partial refund is less than \$520[^<]*<\/p>/);
    const noDecision = await decide({ reason: "Undecided" });
    expect(noDecision.statusCode).toBe(400);
    expect(shownOn(noDecision.body)).toContain("Choose a decision");
    const done = await decide({ decision: "partial_refund", amount: "45.50", reason: "A worn battery" });
    expect(done.statusCode).toBe(200);
    expect((await as.bea.get(`/api/orders/${orderId}/dispute`)).json()).toMatchObject({ refundCents: 4_550 });
    const after = (await as.bea.get(`/dashboard/orders/${orderId}`)).body;
    // React marks where its text parts meet: read the page's words without the marks.
    expect(after.replaceAll("<!-- -->", "")).toContain("Decided — Partial refund: $45.50 back to the buyer");
    expect((await as.ada.get("/dashboard/disputes")).body).toContain("No open disputes.");
    // Decided again from a page still showing it (posted without JavaScript): the dispute is no longer listed,
    // so the refusal shows at the page's top.
    const again = await decide({ decision: "release", reason: "Too late" });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(shownOn(again.body)).toMatch(/<h1[^>]*>Disputes<\/h1><p role="alert"[^>]*>[^<]+<\/p>/);
  });
});
