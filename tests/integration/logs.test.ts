import { PassThrough } from "node:stream";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { createUser } from "../../seed/factories.ts";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createServices } from "../../server/services.ts";

const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", PUBLIC_URL: "http://relaptop.test" });
const database = await openDatabase({ kind: "pglite-memory" });
const services = createServices(config, database, { insecureFastHash: true });
const stream = new PassThrough();
let logs = "";
stream.on("data", (d) => (logs += d));
const app = await buildApp({ config, services, pages: false, logStream: stream });
afterAll(async () => {
  await app.close();
  await database.close();
});

it("logs each request with its id, and never a password, session token or cookie", async () => {
  await createUser(services, { name: "Lou", email: "lou@x.test", password: "S3cret!pass" });
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
