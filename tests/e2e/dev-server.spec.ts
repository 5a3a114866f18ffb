import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, hydrated, test } from "./support/fixtures.ts";
import { freePort } from "./support/ports.ts";

/**
 * `npm run dev` as a contributor uses it: a page served, a route module edited and hot-replaced in the open
 * page without a reload or a server restart, a change to the server side restarting it. It runs on a copy of
 * the project in a temporary folder, so the edit never touches the repository, even when the run is cut short.
 */

// A cold start: a fresh embedded database, migrated and seeded, and Vite bundling the browser's dependencies.
test.describe.configure({ timeout: 240_000 });

const ROOT = path.resolve(import.meta.dirname, "../..");
const COPIED = ["app", "core", "db", "schemas", "seed", "server", "public", "scripts/check-node.mjs"];
const COPIED_FILES = [
  "main.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
];
const STARTED = /ReLaptop \(development\) is running at/g;

/** The sources copied, node_modules entry by entry as links (Vite keeps its cache in the copy's own). */
function copyProject(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-dev-"));
  for (const entry of [...COPIED, ...COPIED_FILES]) {
    fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  }
  fs.mkdirSync(path.join(copy, "node_modules"));
  for (const name of fs.readdirSync(path.join(ROOT, "node_modules"))) {
    if (name.startsWith(".vite")) continue;
    fs.symlinkSync(fs.realpathSync(path.join(ROOT, "node_modules", name)), path.join(copy, "node_modules", name));
  }
  return copy;
}

async function stop(dev: ChildProcess) {
  if (dev.exitCode !== null || !dev.pid) return;
  const exited = new Promise((resolve) => dev.once("exit", resolve));
  // npm, its shell, Node's watcher and the server: the whole group.
  process.kill(-dev.pid, "SIGTERM");
  const timer = setTimeout(() => process.kill(-(dev.pid as number), "SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

test("npm run dev serves the pages, hot-replaces an edited route module and restarts for the server side", async ({
  page,
}) => {
  const copy = copyProject();
  // E2E_PORT + 40 … + 86: the mail and OIDC servers take + 87 … + 89.
  const port = await freePort(40, 47, "127.0.0.1", "the dev server");
  const url = `http://127.0.0.1:${port}`;
  const dev = spawn("npm", ["run", "dev"], {
    cwd: copy,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: path.join(copy, "data"),
      DATABASE_URL: "",
      // /blogs needs no data: the demo would only add to the start.
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    },
  });
  let output = "";
  dev.stdout?.on("data", (chunk) => (output += chunk));
  dev.stderr?.on("data", (chunk) => (output += chunk));
  const starts = () => output.match(STARTED)?.length ?? 0;
  /** Waits for the server's `times`-th start, showing what it printed if it does not come. */
  const started = async (times: number, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (starts() < times) {
      if (Date.now() > until || dev.exitCode !== null) throw new Error(`npm run dev did not start:\n${output}`);
      await sleep(250);
    }
  };
  try {
    await started(1, 180_000);

    const served = await page.goto(`${url}/blogs`);
    // Development's one allowance: Vite's HMR websocket on this port. Inline scripts still need the nonce.
    const csp = (await served?.allHeaders())?.["content-security-policy"];
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${port}`);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+';/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Blogs");
    // Hydrated (an edit arriving before would be hydrated against the old server HTML), and a mark that a reload
    // would wipe.
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    const routeModule = path.join(copy, "app/routes/blogs.tsx");
    const source = fs.readFileSync(routeModule, "utf8");
    expect(source).toContain(">Blogs</h1>");
    fs.writeFileSync(routeModule, source.replace(">Blogs</h1>", ">Blogs, edited</h1>"));

    await expect(heading).toHaveText("Blogs, edited");
    expect(await page.evaluate(() => "notReloaded" in window), "hot-replaced, not reloaded").toBe(true);
    // The server renders the edit too (signed-in, past the visitors' one-second cache), from the same process.
    const rendered = await fetch(`${url}/blogs`, { headers: { cookie: "fresh=1" } }).then((r) => r.text());
    expect(rendered).toContain("Blogs, edited");
    expect(starts(), "the server was not restarted").toBe(1);

    // A change on the server side restarts the server, which then serves the page again. (The page is left
    // first: its HMR client would report the connection lost while the server restarts, then reload.)
    await page.goto("about:blank");
    fs.appendFileSync(path.join(copy, "core/errors.ts"), "\n");
    await started(2, 120_000);
    const again = await fetch(`${url}/blogs`, { headers: { cookie: "fresh=1" } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("Blogs, edited");
  } finally {
    await stop(dev);
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
