import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The pages' browser build is React's production build whoever built it: Vitest's global setup builds when the
 * sources are newer, with NODE_ENV=test, and that build is what the journeys and `npm start` then serve as up to
 * date. React's development build runs every effect twice (StrictMode) and is slower; its production build is
 * the one whose errors are "Minified React error"s.
 */
describe.runIf(process.env.TEST_DATABASE === "pglite")("the pages' browser build", () => {
  it("carries React's production build", () => {
    const dir = path.resolve("build/client/assets");
    const reactDom = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".js"))
      .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
      .filter((text) => text.includes("hydrateRoot"))
      // The entry imports it; react-dom's own chunk is the large one.
      .sort((a, b) => b.length - a.length)[0];
    expect(reactDom, "no chunk holds react-dom's hydrateRoot").toBeDefined();
    expect(reactDom).toContain("Minified React error");
  });
});
