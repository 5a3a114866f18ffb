import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { NODE_FLAGS, SERVER_ENTRY } from "./server/node-flags.ts";
import { MAIL_HTTP_URL, MAIL_SMTP_PORT } from "./tests/e2e/support/mail.ts";
import { GOOGLE_ENV, OIDC_PORT } from "./tests/e2e/support/oidc.ts";

/** Debian's Chromium (or CHROMIUM_PATH): Playwright must not download a browser here. */
function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) " +
        "or set CHROMIUM_PATH to a Chromium or Chrome executable.",
    );
  }
  return found;
}

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // The longest journeys (post, edit, report, remove) take ~20 s alone on two cores, and twice that with two
  // workers and their browsers on the same two cores (load average 10–15); a CI machine is slower still.
  // There, each step also gets 10 s instead of 5: a log-in (a password hash, a redirect, a page that
  // hydrates) went past 5 s on a CI run, and the same journeys passed when run again.
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? "list" : "list",
  use: {
    baseURL: BASE_URL,
    // CI runs in a clean clone that is thrown away afterwards, so nobody could open a trace there, and
    // recording one for every test (snapshots at each step) cost about a sixth of the run's time.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // First and alone: the Google sign-in that creates the one person the stand-in for Google signs in as.
    { name: "google", use: { ...devices["Desktop Chrome"] }, testMatch: /google\.setup\.ts/ },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: /mobile\.spec/,
      dependencies: ["google"],
    },
    { name: "mobile", use: { ...devices["Pixel 7"] }, testMatch: /mobile\.spec/, dependencies: ["google"] },
  ],
  webServer: [
    {
      command: "node tests/e2e/support/oidc-server.ts",
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
    },
    {
      // A real SMTP server the app sends to, which the tests read (tests/e2e/support/mail.ts).
      command: "node tests/e2e/support/mail-server.ts",
      url: `${MAIL_HTTP_URL}/healthz`,
      reuseExistingServer: false,
    },
    {
      // What production runs: the server's bundle with production's flags, built first if the sources changed
      // since (as `npm start` does; `npm test` has just built it).
      command: `node scripts/build-if-stale.ts && node ${NODE_FLAGS.join(" ")} ${SERVER_ENTRY}`,
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: BASE_URL,
        DATABASE_URL: "",
        SEED_DEMO: "true",
        LOG_LEVEL: "warn",
        ...GOOGLE_ENV,
        // The journeys sign up many accounts from 127.0.0.1; the default is 5 per address per hour.
        SIGNUPS_PER_HOUR: "1000",
        // The tests on loopback may name a client address in X-Forwarded-For (login-lockout.spec.ts: twenty
        // strangers); the browser names none, so its address stays 127.0.0.1.
        TRUST_PROXY: "127.0.0.1",
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        // Completed sales are paid out by the next minute's payout job, not the next day's (payouts.spec.ts).
        PAYOUT_SCHEDULE: "instant",
      },
    },
  ],
});
