import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { configVariables } from "../../server/config.ts";

/** `.env.example` as the pairs it lists: `# NAME=default`, each under its own one-line comment. */
function listed() {
  const lines = fs.readFileSync(".env.example", "utf8").split("\n");
  const variables: { name: string; value: string; comment: string }[] = [];
  lines.forEach((line, i) => {
    const match = /^# ([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) variables.push({ name: match[1] as string, value: match[2] as string, comment: lines[i - 1] ?? "" });
  });
  return variables;
}

describe(".env.example", () => {
  it("lists every variable of server/config.ts, and nothing else, with its default", () => {
    const example = Object.fromEntries(listed().map(({ name, value }) => [name, value]));
    expect(example).toEqual(configVariables());
  });

  it("says in a comment line above each variable what it is for", () => {
    for (const { name, comment } of listed()) {
      expect(comment, name).toMatch(/^# \S/);
      expect(comment, name).not.toMatch(/^# [A-Z][A-Z0-9_]*=/);
    }
  });
});
