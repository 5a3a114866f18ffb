/**
 * `npm start`: builds the pages and the server only when build/ is missing or older than what it is built
 * from, so that trying ReLaptop again starts at once. (`npm run build` always builds; `npm test` does.)
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SERVER_ENTRY } from "../server/node-flags.ts";

/** What the builds read (scripts/build.ts): the pages and what they import, the static files, the server and its entry, the builds' settings. */
const SOURCES = [
  "app",
  "core",
  "db",
  "schemas",
  "public",
  "server",
  "seed",
  "main.ts",
  "scripts/build.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];
/** Put in place last by the build, whole (scripts/build.ts): it exists only when a build has finished. */
const BUILT = SERVER_ENTRY;

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const built = fs.existsSync(BUILT) ? fs.statSync(BUILT).mtimeMs : 0;
const changed = Math.max(...SOURCES.map(newestChange));
if (built > changed) {
  console.log("The build is up to date with the sources (npm run build to build anyway).");
} else {
  const { status } = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
