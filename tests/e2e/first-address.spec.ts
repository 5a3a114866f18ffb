import { REFUSED_FORM_HEADING } from "../../schemas/refused-form.ts";
import { expectAccessible } from "./support/axe.ts";
import { DEMO, expect, test } from "./support/fixtures.ts";
import { OWN_SERVER_PORTS, type OwnServer, startOwnServer } from "./support/own-server.ts";

/**
 * `npm start` as a newcomer meets it: no PUBLIC_URL, so the site is http://localhost:PORT. The log's first line
 * says so; opening 127.0.0.1 (the address Fastify's own lines name) lands on localhost, where signing in works;
 * a form sent from anywhere else gets a page that says what to do, never a serialized error.
 */

// A cold start: a fresh embedded database, migrated and seeded. One server for the file, so its tests share one
// worker: under fullyParallel each worker would run beforeAll, and two servers would probe the same free port and
// then race to listen on it.
test.describe.configure({ mode: "default", timeout: 180_000 });

let own: OwnServer;
let port: number;
const output = () => own.output();

test.beforeAll(async () => {
  // As `npm start` on a fresh machine: every interface, no PUBLIC_URL, the embedded database.
  own = await startOwnServer({
    ports: OWN_SERVER_PORTS.firstAddress,
    host: "0.0.0.0",
    siteHost: "localhost",
    env: () => ({}),
    unset: ["PUBLIC_URL", "HOST", "DATABASE_URL", "SEED_DEMO", "REDIS_URL", "SMTP_URL"],
  });
  port = own.port;
});

test.afterAll(() => own.stop());

test("the log names localhost first, and 127.0.0.1 leads there, where signing in works", async ({ page }) => {
  const site = `http://localhost:${port}`;
  const lines = output()
    .split("\n")
    .filter((line) => line.includes(String(port)));
  expect(lines[0]).toBe(`ReLaptop is running at ${site}`);

  const redirect = await fetch(`http://127.0.0.1:${port}/login?next=%2Fdashboard`, { redirect: "manual" });
  expect(redirect.status).toBe(307);
  expect(redirect.headers.get("location")).toBe(`${site}/login?next=%2Fdashboard`);
  // A health check on 127.0.0.1 is answered where it asked.
  expect((await fetch(`http://127.0.0.1:${port}/healthz`, { redirect: "manual" })).status).toBe(200);

  await page.goto(`http://127.0.0.1:${port}/login`);
  await expect(page).toHaveURL(`${site}/login`);
  await page.getByLabel("Email").fill(DEMO.buyer);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("banner").locator("summary[aria-label^='Account menu']")).toBeVisible({
    timeout: 20_000,
  });
});

test("a form sent from another address gets a page that says where to go, and changes nothing", async ({ page }) => {
  const site = `http://localhost:${port}`;
  // Another site's page posting our login form (a browser sends its Origin).
  await page.setContent(
    `<form method="post" action="${site}/login"><input name="email" value="${DEMO.buyer}">` +
      `<input name="password" value="${DEMO.password}"><button>Send</button></form>`,
  );
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page).toHaveURL(`${site}/form-refused?reason=cross-site`);
  await expect(page.getByRole("heading", { level: 1, name: REFUSED_FORM_HEADING })).toBeVisible();
  await expect(page.getByText(`Open ReLaptop at ${site} and try again: nothing was changed.`)).toBeVisible();
  // In the site's layout, not signed in by the refused form.
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: `Open ReLaptop at ${site}` }).click();
  await expect(page).toHaveURL(`${site}/`);
});
