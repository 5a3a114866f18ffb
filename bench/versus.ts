/**
 * Visitors' pages, this checkout against another version of itself:
 * `npm run bench:versus -- (--against <commit> | --without-hearts) [--size 1000000] [--rounds 3] [--duration 10]`
 * Visitors' pages (/allAdd, home, a laptop's page) from this checkout's production build against either an
 * earlier commit (`--against`: before a change to the pages, issue #47) or the same commit with the heart taken
 * off the cards and the laptop page (`--without-hearts`, issue #15) — a temporary worktree, patched or checked
 * out, and built — started in turn on one fresh database on DATABASE_URL's PostgreSQL server (seeded and
 * migrated by this checkout; an earlier commit reads the columns it knows), alternating for `rounds` rounds;
 * medians of requests/s at 10 and 50 connections, uncompressed and as a browser asks, and each page's size.
 * The target: within 10 %. Writes bench/results/<date>-versus-postgres.md. (A brand's page is for signed-in
 * people only, by the spec.)
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import autocannon from "autocannon";
import { BENCH_SECRET, freshDatabase } from "./fresh-database.ts";
import { answers, argument, serverEntryIn, startNode, stop } from "./processes.ts";

const size = Number(argument("size", "1000000"));
const rounds = Number(argument("rounds", "3"));
const duration = Number(argument("duration", "10"));
const PORT = Number(argument("port", "3421"));
const base = `http://127.0.0.1:${PORT}`;
const here = process.cwd();
const sh = (cmd: string, args: string[], cwd = here) => execFileSync(cmd, args, { cwd, stdio: "inherit" });

const against = argument("against", "");
const withoutHearts = process.argv.includes("--without-hearts");
if (!against === !withoutHearts) throw new Error("say what to compare with: --against <commit> or --without-hearts");
/** What the other side is called in the report. */
const theirs = against ? `commit ${against.slice(0, 9)}` : "no hearts";

/**
 * The other side: a worktree of `--against`'s commit, or of this commit with the one line that draws the heart
 * taken out of the card and the laptop page; built with this checkout's packages.
 */
function otherBuild(): string {
  const dir = fs.mkdtempSync(`${os.tmpdir()}/relaptop-versus-`);
  fs.rmSync(dir, { recursive: true });
  sh("git", ["worktree", "add", "--detach", dir, against || "HEAD"]);
  if (withoutHearts) {
    for (const file of ["app/components/advert-card.tsx", "app/routes/advert.tsx"]) {
      const lines = fs.readFileSync(`${dir}/${file}`, "utf8").split("\n");
      const kept = lines.filter((line) => !line.includes("<FavouriteButton"));
      if (kept.length !== lines.length - 1) throw new Error(`${file}: expected one <FavouriteButton> line`);
      fs.writeFileSync(`${dir}/${file}`, kept.join("\n"));
    }
  }
  fs.symlinkSync(`${here}/node_modules`, `${dir}/node_modules`);
  sh("npm", ["run", "build"], dir);
  return dir;
}

/** The bytes of a page as sent (compressed if asked: fetch would decompress it). */
function bytesSent(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let n = 0;
        res.on("data", (chunk: Buffer) => {
          n += chunk.length;
        });
        res.on("end", () => resolve(n));
      })
      .on("error", reject);
  });
}

// Both sides built now, from this checkout and from its commit: a build left from other sources would not be the A.
sh("npm", ["run", "build"]);
console.log(`Seeding ${size.toLocaleString("en-US")} adverts…`);
const db = await freshDatabase(size, "postgres", `bench_versus_${PORT}`);
const laptop = db.laptops[0] as string;
const other = otherBuild();
const builds = { mine: here, theirs: other } as const;
type Variant = keyof typeof builds;
const paths = ["/allAdd?sort=price_desc", "/", `/laptops/${laptop}`];
/**
 * Each page as autocannon asks for it (no Accept-Encoding: the whole page, so the rate follows its bytes) and
 * as a browser does (Chromium's Accept-Encoding: compressed, as visitors get it).
 */
const ENCODINGS: Record<string, Record<string, string>> = {
  uncompressed: {},
  "as a browser asks": { "accept-encoding": "gzip, deflate, br, zstd" },
};
const samples: Record<string, number[]> = {};
const bytes: Record<string, number> = {};
try {
  for (let round = 0; round < rounds; round++) {
    const order: Variant[] = round % 2 === 0 ? ["mine", "theirs"] : ["theirs", "mine"];
    for (const variant of order) {
      const child = startNode(
        [serverEntryIn(builds[variant])],
        PORT,
        { ...db.env, AUTH_SECRET: BENCH_SECRET, SEED_DEMO: "false", LOG_LEVEL: "warn", PUBLIC_URL: base },
        builds[variant],
      );
      try {
        if (!(await answers(`${base}/healthz`))) throw new Error(`${variant} did not start`);
        for (const path of paths) {
          for (const [encoding, headers] of Object.entries(ENCODINGS)) {
            bytes[`${variant}|${path}|${encoding}`] = await bytesSent(base + path, headers);
            await autocannon({ url: base + path, connections: 10, duration: 2, headers }); // warm-up, discarded
            for (const connections of [10, 50]) {
              const r = await autocannon({ url: base + path, connections, duration, headers });
              if (r.non2xx + r.errors) throw new Error(`${variant} ${path}: ${r.non2xx + r.errors} failed`);
              const key = `${variant}|${path}|${encoding}|${connections}`;
              samples[key] = [...(samples[key] ?? []), r.requests.average];
              console.log(`round ${round + 1} ${key}: ${Math.round(r.requests.average)} requests/s`);
            }
          }
        }
      } finally {
        await stop(child);
      }
    }
  }
} finally {
  sh("git", ["worktree", "remove", "--force", other]);
}

const median = (xs: number[] = []) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const lines = [
  `# Visitors' pages, this checkout against ${theirs} — ${new Date().toISOString().slice(0, 16)} UTC, PostgreSQL`,
  "",
  `${size.toLocaleString("en-US")} adverts; this checkout's production build (${execFileSync("git", ["rev-parse", "--short", "HEAD"]).toString().trim()}${execFileSync("git", ["status", "--porcelain"]).length ? " with uncommitted changes" : ""}) against ${against ? `commit ${against}` : "the same commit with the heart taken off the cards and the laptop page"}, started in turn on one database, ${rounds} alternating rounds of ${duration} s each after a 2 s warm-up, medians; ${os.cpus().length} cores.`,
  "",
  `| page (visitor) | sent | conns | req/s, ${theirs} | req/s, this checkout | change | bytes, ${theirs} → this checkout |`,
  "|---|---|---:|---:|---:|---:|---|",
];
for (const path of paths) {
  for (const encoding of Object.keys(ENCODINGS)) {
    for (const connections of [10, 50]) {
      const before = median(samples[`theirs|${path}|${encoding}|${connections}`]);
      const now = median(samples[`mine|${path}|${encoding}|${connections}`]);
      const change = (((now - before) / before) * 100).toFixed(1);
      const size = (variant: Variant) => bytes[`${variant}|${path}|${encoding}`];
      lines.push(
        `| ${path.replace(laptop, ":id")} | ${encoding} | ${connections} | ${Math.round(before)} | ${Math.round(now)} | ${change} % | ${size("theirs")} → ${size("mine")} |`,
      );
    }
  }
}
const date = new Date().toISOString().slice(0, 16).replace(/[T:]/g, "-");
fs.writeFileSync(`bench/results/${date}-versus-postgres.md`, `${lines.join("\n")}\n`);
console.log(lines.join("\n"));
