import { describe, expect, it } from "vitest";
import { loginSchema, signUpSchema } from "../../schemas/accounts.ts";
import { fieldErrors } from "../../schemas/form-errors.ts";

const errorsOf = (schema: typeof signUpSchema | typeof loginSchema, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

describe("sign-up rules (spec §5)", () => {
  it("requires name, email and password with the spec's messages", () => {
    expect(errorsOf(signUpSchema, {})).toEqual({
      name: "Name is required",
      email: "Email is required",
      password: "Password field is required",
    });
  });

  it.each([
    ["Ab1!", "Password must be 6 character or longer!"],
    ["abcdef1!", "Password must be strong!"],
    ["ABCDEF1!", "Password must be strong!"],
    ["Abcdefg!", "Password must be strong!"],
    ["Abcdefg1", "Password must be strong!"],
  ])("refuses %s: %s", (password, message) => {
    expect(errorsOf(signUpSchema, { name: "A", email: "a@b.co", password })).toEqual({ password: message });
  });

  it.each(["Abcde1!", "Abcde1#", "Abcde1$", "Abcde1%", "Abcde1&", "Abcde1?", 'Abcde1"'])(
    "accepts a strong password with %s",
    (password) => {
      expect(errorsOf(signUpSchema, { name: "A", email: "a@b.co", password })).toEqual({});
    },
  );

  it("trims the name and refuses one made of spaces", () => {
    expect(errorsOf(signUpSchema, { name: "   ", email: "a@b.co", password: "Abcde1!" })).toEqual({
      name: "Name is required",
    });
  });

  it("refuses an address that is not an email", () => {
    expect(errorsOf(signUpSchema, { name: "A", email: "not-an-email", password: "Abcde1!" })).toEqual({
      email: "Enter a valid email address",
    });
  });
});

describe("login rules", () => {
  it("requires email and password with the login messages", () => {
    expect(errorsOf(loginSchema, { email: "", password: "" })).toEqual({
      email: "Email Address is required",
      password: "Password field is required",
    });
  });
});

describe("names that deceive", () => {
  const nameErrors = (name: string) => errorsOf(signUpSchema, { name, email: "a@b.co", password: "Abcde1!" });

  it.each([
    ["\u200b\u200b", "Name is required"],
    ["\ufeff\u2060\u00ad", "Name is required"],
    ["\u202e\u202c", "Name is required"],
    ["Sam Seller \u2714 Verified", "Name cannot contain a check mark: only ReLaptop shows the verified badge"],
    ["Sam \u2705", "Name cannot contain a check mark: only ReLaptop shows the verified badge"],
    ["\u0410dmin", "Name cannot look like a role or ReLaptop staff (admin, moderator, verified)"],
    [
      "\ud835\udc00\ud835\udc1d\ud835\udc26\ud835\udc22\ud835\udc27",
      "Name cannot look like a role or ReLaptop staff (admin, moderator, verified)",
    ],
    ["Adrnin", "Name cannot look like a role or ReLaptop staff (admin, moderator, verified)"],
    ["A\u200bdmin", "Name cannot look like a role or ReLaptop staff (admin, moderator, verified)"],
    ["V e r i f i e d Sam", "Name cannot look like a role or ReLaptop staff (admin, moderator, verified)"],
    ["Re-Laptop Team", "Name cannot look like a role or ReLaptop staff (admin, moderator, verified)"],
    ["Official Store", "Name cannot look like a role or ReLaptop staff (admin, moderator, verified)"],
    ["M\u03bfd Sam", "Name cannot look like a role or ReLaptop staff (admin, moderator, verified)"],
  ])("refuses %j", (name, message) => {
    expect(nameErrors(name)).toEqual({ name: message });
  });

  it.each([
    "Badminton Bea",
    "Sam Stafford",
    "Admiral Ann",
    "Modesty Blaise",
    "\u0410\u043d\u043d\u0430",
    "\u062d\u0633\u0646",
  ])("accepts %j", (name) => {
    expect(nameErrors(name)).toEqual({});
  });

  it("keeps the name as it looks: NFC, no invisible or bidi characters, single spaces", () => {
    const parsed = signUpSchema.parse({
      name: " Jose\u0301\u00a0\u00a0\u202eGarci\u0301a\u200b ",
      email: "a@b.co",
      password: "Abcde1!",
    });
    expect(parsed.name).toBe("Jos\u00e9 Garc\u00eda");
  });

  it("keeps a zero-width non-joiner between letters, where some scripts spell with it", () => {
    const persian = "\u0645\u06cc\u200c\u0631\u0632\u0627";
    expect(signUpSchema.parse({ name: persian, email: "a@b.co", password: "Abcde1!" }).name).toBe(persian);
  });
});
