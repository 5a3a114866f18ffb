import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config.ts";

describe("configuration", () => {
  it("runs the embedded demo with no settings at all", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database.kind).toBe("pglite");
    expect(c.seedDemo).toBe(true);
    expect(c.google).toBeUndefined();
  });

  it("needs its own secret on a PostgreSQL server, and seeds only when asked", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/relaptop" })).toThrow(/AUTH_SECRET: is required/);
    const c = loadConfig({ DATABASE_URL: "postgres://db/relaptop", AUTH_SECRET: "x".repeat(32) });
    expect(c.database).toEqual({ kind: "postgres", url: "postgres://db/relaptop" });
    expect(c.seedDemo).toBe(false);
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

  it("wants Google's three settings together", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_DISCOVERY_URL/);
  });

  it("wants the bucket's settings for S3 storage, and keeps images on disk by default", () => {
    expect(loadConfig({}).media.kind).toBe("disk");
    expect(() => loadConfig({ MEDIA_STORAGE: "s3", S3_BUCKET: "b" })).toThrow(
      /S3_ENDPOINT: is required when MEDIA_STORAGE=s3/,
    );
    const c = loadConfig({
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: "https://s3.example.com",
      S3_BUCKET: "b",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    expect(c.media).toMatchObject({ kind: "s3", bucket: "b", region: "us-east-1" });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).database.kind).toBe("pglite");
  });
});
