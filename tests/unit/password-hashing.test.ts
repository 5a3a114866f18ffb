import { APIError } from "better-auth/api";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { HASHES_BUSY_MESSAGE, passwordHashing } from "../../core/accounts/password-hashing.ts";

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

  it("refuses one more than can wait (503, Retry-After, in words), and takes the next once the line is shorter", async () => {
    const hashing = passwordHashing(1, undefined, 1);
    const computing = hashing.hash("first-pw");
    const waiting = hashing.hash("second-pw");
    const refused = await hashing.verify({ hash: "x:y", password: "z" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(APIError);
    expect(refused).toMatchObject({ statusCode: 503, body: { code: "BUSY", message: HASHES_BUSY_MESSAGE } });
    // Two in hand at ~0.11 s each: a second.
    expect(new Headers((refused as APIError).headers).get("retry-after")).toBe("1");
    await computing;
    expect(await hashing.verify({ hash: await waiting, password: "second-pw" })).toBe(true);
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
