import { describe, expect, it } from "vitest";
import { signInCodePending } from "../../core/accounts/two-factor.ts";

/** Where Google's way in sends a browser whose account has two-factor on: to the code, by its challenge cookie. */
describe("signInCodePending", () => {
  it("sees the challenge cookie, on http and (with its __Secure- prefix) on https, among others", () => {
    expect(signInCodePending("relaptop.two_factor=abc.sig")).toBe(true);
    expect(signInCodePending("theme=dark; __Secure-relaptop.two_factor=abc.sig; b=1")).toBe(true);
  });

  it("is false without it, for look-alike names, and with no cookies at all", () => {
    expect(signInCodePending("relaptop.session_token=x")).toBe(false);
    expect(signInCodePending("xrelaptop.two_factor=abc")).toBe(false);
    expect(signInCodePending("relaptop.two_factor_x=abc")).toBe(false);
    expect(signInCodePending(null)).toBe(false);
  });
});
