import { PassThrough } from "node:stream";
import { afterAll, expect, it } from "vitest";
import { createUser } from "../../seed/factories.ts";
import { signedInAccount } from "../support/people.ts";
import { startTestApp } from "../support/test-app.ts";

const stream = new PassThrough();
let logs = "";
stream.on("data", (d) => (logs += d));
const t = await startTestApp({ LOG_LEVEL: "info" }, {}, { logStream: stream });
const { app } = t;
afterAll(t.close);

it("logs each request with its id, and never a password, session token or cookie", async () => {
  await createUser(t, { name: "Lou", email: "lou@x.test", password: "S3cret!pass" });
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: "lou@x.test", password: "S3cret!pass" },
    headers: { "x-request-id": "req-logs-test-1" },
  });
  expect(login.statusCode).toBe(200);
  const cookie = String(login.headers["set-cookie"]).split(";")[0] ?? "";
  await app.inject({ method: "GET", url: "/api/me", headers: { cookie, authorization: "Bearer abc" } });

  expect(logs).toContain('"reqId":"req-logs-test-1"');
  expect(logs).not.toContain("S3cret!pass");
  expect(logs).not.toContain(cookie.split("=")[1]);
  expect(logs).not.toContain("Bearer abc");
});

it("never logs a bank account number, whether the payout form is taken or refused", async () => {
  const { cookie } = await signedInAccount(t, { name: "Payee", email: "payee@x.test", role: "seller" });
  const setUp = (payload: { holder: string; accountNumber: string }) =>
    app.inject({ method: "POST", url: "/api/payouts/account", payload, headers: { cookie } });
  const taken = await setUp({ holder: "Payee", accountNumber: "987654321012" });
  expect(taken.statusCode).toBe(200);
  const refused = await setUp({ holder: "", accountNumber: "98765432101299999" });
  expect(refused.statusCode).toBe(400);
  expect(logs).not.toContain("987654321012");
  expect(`${taken.body}${refused.body}`).not.toContain("987654321012");
});
