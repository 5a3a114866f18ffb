import { describe, expect, it } from "vitest";
import { pageAppForTests, shownOn } from "../support/page-build.ts";
import { signedInPerson } from "../support/people.ts";

/**
 * The profile as a browser without JavaScript gets it: what opens a dialog needs JavaScript, so its button is
 * disabled until the page has it (docs/features.md, "Without JavaScript") rather than pressed for nothing.
 */
const t = pageAppForTests();

/** The button named `label` in the page's markup, its attributes included. */
const buttonNamed = (html: string, label: string) =>
  html.match(new RegExp(`<button[^>]*>\\s*${label}\\s*</button>`))?.[0] ?? null;

describe("the profile without JavaScript", () => {
  it("keeps Delete my account and Add a passkey disabled: their dialogs need it", async () => {
    const me = await signedInPerson(t);
    const page = shownOn((await me.http.get("/profile")).body);
    for (const label of ["Delete my account", "Add a passkey"]) {
      const button = buttonNamed(page, label);
      expect(button, label).not.toBeNull();
      expect(button, label).toMatch(/\sdisabled=""/);
    }
  });
});
