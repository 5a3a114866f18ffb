import { describe, expect, it } from "vitest";
import { HASHES_BUSY_MESSAGE } from "../../core/accounts/password-hashing.ts";
import { createUser } from "../../seed/factories.ts";
import { client } from "../support/http.ts";
import { pageAppForTests } from "../support/page-build.ts";

/**
 * A burst of sign-ins beyond what a process lets wait for their password hashes (PASSWORD_HASHES_WAITING, here
 * none waiting besides the one computed) is refused at once with 503, Retry-After and a sentence — over the API
 * and on the login page — never answered after a wait its client gave up on.
 * Real scrypt hashes here (the other tests' app uses a cheap stand-in).
 */
const t = pageAppForTests({ PASSWORD_HASHES_WAITING: "0" }, { insecureFastHash: false });

describe("password hashes, a line that is full", () => {
  it("refuses the sign-ins the line cannot take with 503 and Retry-After, and signs in the rest", async () => {
    await createUser(t, { name: "Busy Bea", email: "busy@x.test" });
    const signIn = () => client(t).post("/api/auth/sign-in/email", { email: "busy@x.test", password: "Passw0rd!" });
    const answers = await Promise.all([signIn(), signIn(), signIn()]);

    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThan(0);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 503)).toBe(true);
    for (const answer of refused) {
      expect(answer.json()).toMatchObject({ code: "BUSY", message: HASHES_BUSY_MESSAGE });
      expect(answer.headers["retry-after"]).toBe("1");
    }
    // Refused for the process's load, not the password: the account's failed logins are not counted.
    expect((await signIn()).statusCode).toBe(200);
  });

  it("the login page says so above its form, with Retry-After", async () => {
    await createUser(t, { name: "Busy Ben", email: "ben@x.test" });
    const form = "email=ben%40x.test&password=Passw0rd!";
    const post = () => client(t).raw("POST", "/login", form, { "content-type": "application/x-www-form-urlencoded" });
    const answers = await Promise.all([post(), post(), post()]);
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.statusCode === 302).length).toBeGreaterThan(0);
    for (const answer of refused) {
      // Rendered in the form's alert, not only in the page's data.
      expect(answer.body).toMatch(new RegExp(`role="alert"[^>]*>[^<]*${HASHES_BUSY_MESSAGE.replace(".", "\\.")}`));
      expect(answer.headers["retry-after"]).toBe("1");
    }
  });
});
