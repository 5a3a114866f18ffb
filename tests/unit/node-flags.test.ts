import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { NODE_FLAGS, SERVER_ENTRY } from "../../server/node-flags.ts";

const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the flags production runs Node with", () => {
  it("are on every production command in package.json", () => {
    for (const name of ["start", "serve", "worker"]) {
      expect(scripts[name], name).toContain(`node ${NODE_FLAGS.join(" ")} ${SERVER_ENTRY}`);
    }
  });

  it("are accepted by this Node (a V8 that dropped one would stop the server at once)", () => {
    expect(execFileSync(process.execPath, [...NODE_FLAGS, "-e", "console.log('started')"], { encoding: "utf8" })).toBe(
      "started\n",
    );
  });

  it("let the process give memory back: a young generation grown by the start shrinks to its least", () => {
    // What the server does before its first request (server/memory-at-rest.ts), in a process of its own.
    const script = `
      import v8 from "node:v8";
      import { giveMemoryBack } from "./server/memory-at-rest.ts";
      const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size >> 20;
      let kept = [];
      for (let i = 0; i < 3e6; i++) { kept.push({ i }); if (kept.length > 3e5) kept = []; }
      const before = young();
      giveMemoryBack();
      console.log(before, young());`;
    const [grown, after] = execFileSync(process.execPath, [...NODE_FLAGS, "--input-type=module", "-e", script], {
      encoding: "utf8",
    })
      .trim()
      .split(" ")
      .map(Number);
    expect(grown).toBe(32);
    expect(after).toBeLessThanOrEqual(2);
  });
});
