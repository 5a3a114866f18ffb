/**
 * Hostile input: sqlmap (Debian's package) tries every parameter of search, the filters and the laptop
 * pages, in the JSON API and the server-rendered pages → nothing injectable, and never a 5xx.
 */
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { check, embedded, healthy, startServer, stop } from "./support.ts";

const execFileAsync = promisify(execFile);

export async function sqlmapDrill({ short }: { short: boolean }) {
  const level = short ? 2 : 5;
  const risk = short ? 1 : 3;
  console.log(`sqlmap: every search, filter and detail parameter, level ${level}, risk ${risk}`);
  if (spawnSync("sqlmap", ["--version"]).error) {
    console.log("  skipped: sqlmap is not installed (apt-get install sqlmap; CI installs it)");
    return;
  }
  const db = embedded();
  const port = 3505;
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(db.env, port);
  check(await healthy(port), "the server starts (demo seeded)");
  const page = (await (await fetch(`${base}/api/adverts?sort=newest`)).json()) as {
    items: { id: string }[];
    nextCursor: string;
  };
  const { brands } = (await (await fetch(`${base}/api/brands`)).json()) as { brands: { id: string }[] };
  const laptop = page.items[0]?.id;
  const brand = brands[0]?.id;
  const filters = `q=thinkpad&brand=${brand}&seller=abc&minPrice=100&maxPrice=2000&condition=good&location=Dhaka&minRam=8&minStorage=256&sort=price_asc&cursor=${page.nextCursor}`;
  // "*" marks where sqlmap injects into a path.
  const targets = [
    `${base}/api/adverts?${filters}`,
    `${base}/allAdd?${filters}`,
    `${base}/category/${brand}*?sort=price_desc&minPrice=100`,
    `${base}/api/adverts/${laptop}*`,
    `${base}/laptops/${laptop}*`,
  ];
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-sqlmap-"));
  /** One target's scan, with its own output folder (sqlmap's session file is per host). */
  const scan = (url: string, i: number) =>
    execFileAsync(
      "sqlmap",
      ["-u", url, "--batch", "--dbms=PostgreSQL", `--level=${level}`, `--risk=${risk}`, "--flush-session"].concat([
        "--output-dir",
        path.join(out, String(i)),
        "--disable-coloring",
      ]),
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    ).then(
      ({ stdout }) => ({ url, log: stdout }),
      // sqlmap gave up (it exits non-zero): what it printed says so, and the checks below fail on it.
      (error: { stdout?: string }) => ({ url, log: String(error.stdout ?? "") }),
    );
  try {
    // Two at a time: sqlmap mostly waits on answers, so five in turn took most of the drills' time in CI; more
    // at once would load the server enough to unsettle its time-based tests, which read answers' delays.
    const waiting = targets.map((url, i) => ({ url, i }));
    const logs: { url: string; log: string }[] = [];
    const lane = async () => {
      for (let next = waiting.shift(); next; next = waiting.shift()) logs.push(await scan(next.url, next.i));
    };
    await Promise.all([lane(), lane()]);
    for (const { url, log } of logs) {
      const what = url.replace(base, "").replace(/\?.*/, "?…");
      const injectable = /identified the following injection point|is vulnerable/.test(log);
      const finished = /all tested parameters do not appear to be injectable/.test(log);
      const serverErrors = [...log.matchAll(/^(5\d\d) \([^)]*\) - (\d+) times/gm)].map((m) => `${m[1]} × ${m[2]}`);
      check(!injectable && finished, `${what}: no parameter is injectable`);
      check(serverErrors.length === 0, `${what}: no 5xx (${serverErrors.join(", ") || "none"})`);
    }
  } finally {
    await stop(server);
    await db.drop();
    fs.rmSync(out, { recursive: true, force: true });
  }
}
