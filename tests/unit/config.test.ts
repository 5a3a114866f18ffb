import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";

const dirs: string[] = [];
/** A fresh DATA_DIR: embedded production keeps its session secret there. */
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relaptop-config-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("configuration", () => {
  it("runs the embedded demo with no settings at all", () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.port).toBe(3000);
    expect(c.database.kind).toBe("pglite");
    expect(c.seedDemo).toBe(true);
    expect(c.google).toBeUndefined();
  });

  it("needs its own secret on a PostgreSQL server, and seeds only when asked", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/relaptop" })).toThrow(/AUTH_SECRET: is required/);
    const c = loadConfig({ DATABASE_URL: "postgres://db/relaptop", AUTH_SECRET: "x".repeat(32) });
    expect(c.database).toMatchObject({ kind: "postgres", url: "postgres://db/relaptop" });
    expect(c.seedDemo).toBe(false);
  });

  it("sizes the pool, reads from a replica only beside a primary, and uses Redis when named", () => {
    const shared = { DATABASE_URL: "postgres://db/relaptop", AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig(shared).database).toEqual({
      kind: "postgres",
      url: "postgres://db/relaptop",
      poolSize: 10,
      quickReadConnections: 1,
      preparedStatements: true,
      replica: undefined,
    });
    expect(loadConfig(shared).redis).toBeUndefined();
    const c = loadConfig({
      ...shared,
      DATABASE_POOL_SIZE: "25",
      DATABASE_QUICK_READ_CONNECTIONS: "3",
      DATABASE_PREPARED_STATEMENTS: "false",
      DATABASE_REPLICA_URL: "postgres://replica/relaptop",
      REDIS_URL: "redis://cache:6379",
    });
    expect(c.database).toMatchObject({
      poolSize: 25,
      quickReadConnections: 3,
      preparedStatements: false,
      replica: { url: "postgres://replica/relaptop", maxLagMs: 1000 },
    });
    expect(c.redis).toEqual({ url: "redis://cache:6379", prefix: "relaptop:" });
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_REPLICA_URL: "postgres://replica/x" })).toThrow(
      /DATABASE_REPLICA_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...shared, REDIS_URL: "cache:6379" })).toThrow(/REDIS_URL: must start with redis:\/\//);
    expect(() => loadConfig({ ...shared, DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), EMBEDDED_DATABASE_CACHE_MB: "4" })).toThrow(
      /EMBEDDED_DATABASE_CACHE_MB/,
    );
    expect(() => loadConfig({ ...shared, DATABASE_QUICK_READ_CONNECTIONS: "0" })).toThrow(
      /DATABASE_QUICK_READ_CONNECTIONS/,
    );
  });

  it("takes the platform fee and payouts, and stops on a fee out of range, naming it", () => {
    const c = loadConfig({ DATA_DIR: dataDir(), PLATFORM_FEE_PERCENT: "2.9", PLATFORM_FEE_FIXED_CENTS: "30" });
    expect(c.platformFee).toEqual({ basisPoints: 290, fixedCents: 30 });
    expect(c.payouts).toEqual({ provider: "simulated", schedule: "daily" });
    expect(loadConfig({ DATA_DIR: dataDir() }).platformFee).toEqual({ basisPoints: 500, fixedCents: 0 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), PLATFORM_FEE_PERCENT: "60" })).toThrow(
      /PLATFORM_FEE_PERCENT: must be between 0 and 50/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PLATFORM_FEE_PERCENT: "2.955" })).toThrow(
      /PLATFORM_FEE_PERCENT: must be a percentage with at most two decimals/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PLATFORM_FEE_FIXED_CENTS: "-1" })).toThrow(
      /PLATFORM_FEE_FIXED_CENTS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PLATFORM_FEE_FIXED_CENTS: "2.5" })).toThrow(
      /PLATFORM_FEE_FIXED_CENTS: must be a whole number of cents/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYOUT_PROVIDER: "stripe" })).toThrow(
      /PAYOUT_PROVIDER: stripe needs PAYMENT_PROVIDER=stripe/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYOUT_SCHEDULE: "weekly" })).toThrow(/PAYOUT_SCHEDULE/);
  });

  it("names every malformed variable", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SEED_DEMO: "maybe" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL: must start with postgres/);
      expect(message).toMatch(/SEED_DEMO/);
    }
  });

  it("trusts proxies by hop count or by address, never the whole forwarded chain", () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("true")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("10.0.0.0/8, 127.0.0.1, ::1")).toEqual(["10.0.0.0/8", "127.0.0.1", "::1"]);
    expect(() => trust("nginx")).toThrow(/TRUST_PROXY: must be true, false, a number of proxy hops/);
    expect(() => trust("10.0.0.0/8,everyone")).toThrow(/TRUST_PROXY/);
  });

  it("runs one process per core on PostgreSQL, and one on the embedded database", () => {
    const shared = { DATABASE_URL: "postgres://db/relaptop", AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig(shared).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ ...shared, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir() }).webConcurrency).toBe(1);
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: must be 1 on the embedded database/,
    );
  });

  it("serves requests in line on the embedded database, four at once, and as they come on PostgreSQL", () => {
    const shared = { DATABASE_URL: "postgres://db/relaptop", AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig({ DATA_DIR: dataDir() }).requestsAtOnce).toBe(4);
    expect(loadConfig({ DATA_DIR: dataDir(), REQUESTS_AT_ONCE: "0" }).requestsAtOnce).toBe(0);
    expect(loadConfig(shared).requestsAtOnce).toBe(0);
    expect(loadConfig({ ...shared, REQUESTS_AT_ONCE: "16" }).requestsAtOnce).toBe(16);
    expect(() => loadConfig({ ...shared, REQUESTS_AT_ONCE: "-1" })).toThrow(/REQUESTS_AT_ONCE/);
  });

  it("wants Google's three settings together", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_DISCOVERY_URL/);
  });

  it("wants the bucket's settings for S3 storage, and keeps images on disk by default", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).media.kind).toBe("disk");
    expect(() => loadConfig({ MEDIA_STORAGE: "s3", S3_BUCKET: "b" })).toThrow(
      /S3_ENDPOINT: is required when MEDIA_STORAGE=s3/,
    );
    const c = loadConfig({
      DATA_DIR: dataDir(),
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: "https://s3.example.com",
      S3_BUCKET: "b",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    expect(c.media).toMatchObject({ kind: "s3", bucket: "b", region: "us-east-1", publicUrl: undefined });
  });

  it("points pages at MEDIA_PUBLIC_URL only for images in a bucket", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), MEDIA_PUBLIC_URL: "https://cdn.example.com" })).toThrow(
      /MEDIA_PUBLIC_URL: needs MEDIA_STORAGE=s3/,
    );
    const bucket = { MEDIA_STORAGE: "s3", S3_ENDPOINT: "https://s3.example.com", S3_BUCKET: "b" };
    const keys = { S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", DATA_DIR: dataDir() };
    expect(() => loadConfig({ ...bucket, ...keys, MEDIA_PUBLIC_URL: "cdn.example.com" })).toThrow(/MEDIA_PUBLIC_URL/);
    const c = loadConfig({ ...bucket, ...keys, MEDIA_PUBLIC_URL: "https://cdn.example.com/media" });
    expect(c.media).toMatchObject({ kind: "s3", publicUrl: "https://cdn.example.com/media" });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", DATA_DIR: dataDir() }).database.kind).toBe("pglite");
  });

  it("embedded production without AUTH_SECRET makes a random secret on first start, kept in DATA_DIR (0600)", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret).not.toBe("relaptop-embedded-demo-secret-not-for-production");
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, "auth-secret");
    expect(first.authSecretFile).toEqual({ path: file, created: true });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const again = loadConfig({ DATA_DIR: dir });
    expect(again.authSecret).toBe(first.authSecret);
    expect(again.authSecretFile).toEqual({ path: file, created: false });
    expect(loadConfig({ DATA_DIR: dataDir() }).authSecret).not.toBe(first.authSecret);
  });

  it("uses AUTH_SECRET when set, and a fixed secret in tests, with no file", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, AUTH_SECRET: "s".repeat(32) })).toMatchObject({
      authSecret: "s".repeat(32),
      authSecretFile: undefined,
    });
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "test" }).authSecretFile).toBeUndefined();
    expect(fs.existsSync(path.join(dir, "auth-secret"))).toBe(false);
  });

  it("refuses a kept secret too short to be one, saying what to do", () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, "auth-secret"), "short\n", { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/auth-secret.*32.*delete it/s);
  });
});
