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
