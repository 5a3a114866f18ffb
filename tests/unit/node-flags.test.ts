import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { NODE_FLAGS } from "../../server/node-flags.ts";

const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the flags production runs Node with", () => {
  it("are on every production command in package.json", () => {
    for (const name of ["start", "serve", "worker"]) {
      expect(scripts[name], name).toContain(`node ${NODE_FLAGS.join(" ")} main.ts`);
    }
  });

  it("are accepted by this Node (a V8 that dropped one would stop the server at once)", () => {
    expect(execFileSync(process.execPath, [...NODE_FLAGS, "-e", "console.log('started')"], { encoding: "utf8" })).toBe(
      "started\n",
    );
  });
});
