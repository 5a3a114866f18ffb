import { describe, expect, it } from "vitest";
import { client } from "../support/http.ts";
import { pageAppForTests } from "../support/page-build.ts";
import { signedInCast } from "../support/people.ts";

/** /terms, /privacy and /cookies: public, linked from the footer and the sign-up forms, saying what is true here. */
const t = pageAppForTests({ RETENTION_DAYS: "90", BOOKING_HOURS: "12", PLATFORM_FEE_PERCENT: "8" });

const text = async (path: string) => {
  const page = await client(t).get(path);
  expect(page.statusCode, path).toBe(200);
  return page.body.replace(/<!-- -->/g, "");
};

describe("the legal pages", () => {
  it("/privacy lists what is kept, for how long (RETENTION_DAYS as configured), and who processes it", async () => {
    const page = await text("/privacy");
    expect(page).toContain("<title>Privacy policy — ReLaptop</title>");
    for (const kept of ["Your account", "Orders", "Messages", "Notifications", "Email log", "Sessions", "Passkeys"]) {
      expect(page).toContain(kept);
    }
    expect(page).toContain("90 days, then deleted automatically");
    expect(page).toContain("Stripe");
    expect(page).toContain("Our email provider");
  });

  it("/cookies names every cookie the site sets, with its purpose and lifetime", async () => {
    const page = await text("/cookies");
    for (const name of [
      "relaptop.session_token",
      "relaptop_device_",
      "relaptop.state",
      "relaptop.better-auth-passkey",
      "relaptop_theme",
      "relaptop_tz",
      "relaptop_toast",
      "relaptop_verify_banner",
      "relaptop_pending_favourite",
    ]) {
      expect(page).toContain(name);
    }
    expect(page).toContain("180 days");
  });

  it("/terms gives the marketplace's rules with the sale windows as configured", async () => {
    const page = await text("/terms");
    expect(page).toContain("<h1");
    expect(page).toContain("Terms of use");
    expect(page).toContain("A booking holds a laptop for 12 hours");
  });

  it("/buyer-protection gives the windows as configured too (the pages' build keeps no copy of them)", async () => {
    expect(await text("/buyer-protection")).toContain("holds the laptop for 12 hours");
  });

  it("are linked from the footer and from both sign-up forms", async () => {
    const home = await text("/");
    for (const path of ["/terms", "/privacy", "/cookies"]) expect(home).toContain(`href="${path}"`);
    for (const signUp of ["/signUp", "/register/seller"]) {
      const page = await text(signUp);
      expect(page).toMatch(/By creating an account you agree to the <a[^>]*href="\/terms"[^>]*>Terms<\/a>/);
    }
  });

  it("the advert form states the fee as configured too (read through the services, as the windows are)", async () => {
    const { clients } = await signedInCast(t, "sam");
    const post = (await clients.sam.get("/dashboard/post/add")).body;
    expect(post).toContain("(ReLaptop’s fee: 8%)");
  });
});
