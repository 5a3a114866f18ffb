import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../db/availability.ts";

describe("telling a database outage from a bad request", () => {
  it("recognises refused, cut and restarting connections, also wrapped by the ORM", () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error("Failed query", {
          cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("leaves other errors alone", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  });
});
