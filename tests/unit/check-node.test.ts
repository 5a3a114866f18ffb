import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const CHECK = "scripts/check-node.mjs";
const advice = (version: string) =>
  `ReLaptop needs Node 24 or newer (this is Node ${version}). With nvm: nvm install && nvm use\n`;

/** Runs the check on this Node, made to report another version. */
function checkAs(version: string) {
  const fake = `data:text/javascript,Object.defineProperty(process,"version",{value:"v${version}"})`;
  return spawnSync(process.execPath, ["--import", fake, CHECK], { encoding: "utf8" });
}

describe("the Node version check run first by npm start, dev, serve, build and test", () => {
  it("stops an older Node with one line saying what to do", () => {
    const run = checkAs("20.20.2");
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(advice("20.20.2"));
    expect(run.stdout).toBe("");
  });

  it("lets Node 24 and newer through without a word", () => {
    for (const version of ["24.0.0", "26.1.0"]) {
      const run = checkAs(version);
      expect(run.status).toBe(0);
      expect(run.stderr + run.stdout).toBe("");
    }
  });
});

/** A real older Node when the machine has one (Debian's is 20; .ci/run names it in OLD_NODE). */
const oldNode = [
  process.env.OLD_NODE,
  "/usr/bin/node",
  "/usr/local/bin/node",
  path.join(os.homedir(), ".cache/node20/node_modules/node/bin/node"),
].find((candidate) => {
  if (!candidate || !fs.existsSync(candidate)) return false;
  const major = Number(execFileSync(candidate, ["-p", "process.versions.node.split('.')[0]"], { encoding: "utf8" }));
  return major < 24;
});

describe.runIf(oldNode)(`on a real older Node (${oldNode})`, () => {
  const old = oldNode as string;
  const version = execFileSync(old, ["-p", "process.versions.node"], { encoding: "utf8" }).trim();

  it("the check parses and says so", () => {
    const run = spawnSync(old, [CHECK], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(advice(version));
  });

  it.each(["start", "dev", "test"])("npm %s stops at the check, before anything else runs", (script) => {
    // npm finds `node` on PATH for the scripts: the old one first.
    const env = { ...process.env, PATH: `${path.dirname(old)}${path.delimiter}${process.env.PATH}` };
    const run = spawnSync("npm", ["run", "--silent", script], { encoding: "utf8", env });
    expect(run.status).toBe(1);
    expect(run.stderr.replace(/^npm warn .*\n/gm, "")).toBe(advice(version));
    expect(run.stdout).toBe("");
  });
});
