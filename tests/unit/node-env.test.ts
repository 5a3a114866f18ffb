import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Which builds of React a process started the way `npm start` starts it (no NODE_ENV) loads, after
 * server/environment.ts: the file names of react's and react-dom's CommonJS builds it required.
 */
function reactBuilds(args: string[] = []) {
  const probe = `
    await import("./server/environment.ts");
    const require = (await import("node:module")).createRequire(import.meta.url);
    require("react");
    require("react-dom/server");
    console.log(Object.keys(require.cache).filter((k) => k.includes("/cjs/")).map((k) => k.split("/cjs/")[1]).join(" "));`;
  const env = { ...process.env };
  delete env.NODE_ENV;
  return execFileSync(process.execPath, ["--input-type=module", "-e", probe, "--", ...args], { env, encoding: "utf8" });
}

describe("NODE_ENV for npm start", () => {
  it("is production unless said otherwise, so pages are rendered by React's production build", () => {
    const builds = reactBuilds();
    expect(builds).toMatch(/react\.production\.js/);
    expect(builds).not.toMatch(/development/);
  });

  it("is development under npm run dev (--dev)", () => {
    expect(reactBuilds(["--dev"])).toMatch(/react\.development\.js/);
  });

  it("is set before anything else is loaded: main.ts imports server/environment.ts first", () => {
    // Only Node's own modules may come before it (the compile cache is turned on first).
    const firstOfOurs = /import\(?\s*"\.[^"]*"/.exec(fs.readFileSync("main.ts", "utf8"))?.[0];
    expect(firstOfOurs).toBe('import("./server/environment.ts"');
  });
});
