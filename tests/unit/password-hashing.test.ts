import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { passwordHashing } from "../../core/accounts/password-hashing.ts";

describe("password hashing", () => {
  it("computes one hash at a time, the rest waiting their turn", async () => {
    const hashing = passwordHashing(1);
    const burst = [hashing.hash("first-pw"), hashing.hash("second-pw"), hashing.verify({ hash: "x:y", password: "z" })];
    // p-limit starts the first in a microtask.
    await Promise.resolve();
    expect([hashing.computing, hashing.waiting]).toEqual([1, 2]);
    const settled = await Promise.allSettled(burst);
    expect(settled.map((one) => one.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect([hashing.computing, hashing.waiting]).toEqual([0, 0]);
  });

  it("as many at once as configured", async () => {
    const hashing = passwordHashing(2);
    const burst = [hashing.hash("a-password"), hashing.hash("b-password"), hashing.hash("c-password")];
    await Promise.resolve();
    expect([hashing.computing, hashing.waiting]).toEqual([2, 1]);
    await Promise.all(burst);
  });

  it("reads and writes better-auth's own hashes: accounts made before still sign in", async () => {
    const hashing = passwordHashing(1);
    const before = await hashPassword("Str0ng!pw");
    expect(await hashing.verify({ hash: before, password: "Str0ng!pw" })).toBe(true);
    expect(await hashing.verify({ hash: before, password: "Str0ng!px" })).toBe(false);
    const now = await hashing.hash("Str0ng!pw");
    expect(await verifyPassword({ hash: now, password: "Str0ng!pw" })).toBe(true);
  });
});
