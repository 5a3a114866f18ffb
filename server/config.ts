import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { isIP } from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * The whole runtime configuration, validated once at boot.
 * Embedded mode (no DATABASE_URL) is the zero-setup demo: without AUTH_SECRET it makes its own and
 * keeps it in DATA_DIR. Anything pointed at a real server must bring its own.
 */
const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    /** Connections each process keeps to PostgreSQL (its pool); behind PgBouncer, what the pooler allows per process. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    /** Pipelined connections each process keeps for its quick reads (db/quick-reads.ts, decision 11). */
    DATABASE_QUICK_READ_CONNECTIONS: z.coerce.number().int().min(1).max(32).default(1),
    /**
     * A streaming replica of DATABASE_URL: visitors' catalogue reads and search go there while it answers
     * and lags less than DATABASE_REPLICA_MAX_LAG_MS (db/replica.ts).
     */
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
    /**
     * Off: no named prepared statements (the search prepares its query by name), for a pooler in
     * transaction mode that cannot keep them (PgBouncer older than 1.21, or without max_prepared_statements).
     */
    DATABASE_PREPARED_STATEMENTS: bool.default(true),
    /**
     * The embedded database's page cache (PostgreSQL's shared_buffers), in MB: the most of this process's
     * memory it holds for data. Pages beyond it are read again from the files (the system's own cache).
     */
    EMBEDDED_DATABASE_CACHE_MB: z.coerce.number().int().min(8).max(1024).default(32),
    /** Redis for the limits' counters and the broadcasts between processes; unset, PostgreSQL does both. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .refine((v) => URL.canParse(v), "is not a valid URL")
      .optional(),
    SEED_DEMO: bool.optional(),
    PUBLIC_URL: z.url().optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    GOOGLE_DISCOVERY_URL: z.url().optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Whether admins must turn on two-factor before any admin page or API answers; unset: required with DATABASE_URL. */
    ADMIN_TWO_FACTOR: z.enum(["required", "optional"]).optional(),
    /**
     * Which proxies in front may name the client in X-Forwarded-For: a number of hops (`true` is one), or
     * their addresses and CIDRs. The client is the right-most address no trusted proxy added — never the
     * left-most, which anyone can write.
     */
    TRUST_PROXY: z
      .string()
      .transform((v, ctx): false | number | string[] => {
        const value = v.trim();
        if (value === "false" || value === "" || value === "0") return false;
        if (value === "true") return 1;
        if (/^\d+$/.test(value)) return Number(value);
        const list = value.split(",").map((a) => a.trim());
        if (list.every((a) => isIP(a.split("/")[0] ?? "") && /^[^/]+(\/\d{1,3})?$/.test(a))) return list;
        ctx.addIssue({
          code: "custom",
          message: "must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs",
        });
        return z.NEVER;
      })
      .default(false),
    /**
     * Requests a process works on at once, the rest served in the order they came (server/http/request-line.ts);
     * 0: no line. Unset: 4 on the embedded database, whose statements run on the process's one thread; no line
     * with DATABASE_URL.
     */
    REQUESTS_AT_ONCE: z.coerce.number().int().min(0).max(1024).optional(),
    /** Password hashes (scrypt, 32 MB each) a process computes at once (core/accounts/password-hashing.ts). */
    PASSWORD_HASHES_AT_ONCE: z.coerce.number().int().min(1).max(16).default(1),
    /** How many may wait for theirs; one more is refused with 503 and Retry-After (core/accounts/password-hashing.ts). */
    PASSWORD_HASHES_WAITING: z.coerce.number().int().min(0).max(100_000).default(100),
    /** New accounts one address may open per hour (core/accounts/login-throttle.ts). */
    SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(5),
    /** How long anonymous visitors' pages and catalogue reads are reused (server/http/public-cache.ts); 0 turns it off. */
    PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** What those kept pages may hold together in each process, in MB (server/http/kept-copies.ts). */
    PUBLIC_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(32),
    /** How long each step of a sale may wait (core/orders/deadlines.ts; /buyer-protection shows them). */
    BOOKING_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    HANDOVER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    SHIPPING_DAYS: z.coerce.number().int().min(1).max(60).default(10),
    PROTECTION_HOURS: z.coerce.number().int().min(1).max(2_160).default(72),
    /** How many days notifications and the email log are kept (core/privacy; /privacy states it). */
    RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(365),
    /** Days a stored image no row names is kept before the daily sweep deletes it; 0: never deleted. */
    MEDIA_SWEEP_DAYS: z.coerce.number().int().min(0).max(3_650).default(7),
    PAYMENT_PROVIDER: z.enum(["simulated", "stripe"]).default("simulated"),
    /** ReLaptop's fee on each sale (schemas/fees.ts): a percentage of the charge, to the hundredth, plus cents. */
    PLATFORM_FEE_PERCENT: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, "must be a percentage with at most two decimals, like 5 or 2.9")
      .transform(Number)
      .pipe(z.number().max(50, "must be between 0 and 50"))
      .default(5),
    PLATFORM_FEE_FIXED_CENTS: z.coerce
      .number()
      .int("must be a whole number of cents")
      .min(0, "must be between 0 and 1000 cents")
      .max(1_000, "must be between 0 and 1000 cents")
      .default(0),
    /** Who pays sellers (core/payouts): simulated, or Stripe Connect (needs STRIPE_SECRET_KEY). */
    PAYOUT_PROVIDER: z.enum(["simulated", "stripe"]).default("simulated"),
    /** When completed money is transferred: once a day, or as soon as the sale is final. */
    PAYOUT_SCHEDULE: z.enum(["daily", "instant"]).default("daily"),
    STRIPE_SECRET_KEY: z.string().startsWith("sk_", "must be a Stripe secret key (sk_…)").optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_", "must be a Stripe publishable key (pk_…)").optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith("whsec_", "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
    STRIPE_API_BASE: z.url().optional(),
    MEDIA_STORAGE: z.enum(["disk", "s3"]).default("disk"),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** With MEDIA_STORAGE=s3: the address pages give for images (a CDN, or the bucket), instead of /media/ here. */
    MEDIA_PUBLIC_URL: z.url().optional(),
    /** Where emails go: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. Unset: kept and logged. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/?#]+/, "must be smtp://user:pass@host:587 or smtps://user:pass@host:465")
      .refine((v) => URL.canParse(v), "is not a valid URL")
      .optional(),
    /** The sender of every email, `Name <address>` or an address. */
    MAIL_FROM: z
      .string()
      .regex(/^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, "must be an address, or Name <address>")
      .optional(),
    /** App processes on this machine (server/workers.ts); unset: one per core with DATABASE_URL, 1 embedded. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    /** Bearer token for GET /metrics (Prometheus); unset, /metrics does not exist. */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /** How long a process told to stop (SIGTERM) keeps serving, its /healthz failing, before it closes. */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).optional(),
    /** Whether this app process also works the job queue; `false` when separate workers (`npm run worker`) do. */
    RUN_JOBS: bool.default(true),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (!env.DATABASE_URL && (env.WEB_CONCURRENCY ?? 1) > 1) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "must be 1 on the embedded database (one process per DATA_DIR): set DATABASE_URL for more",
      });
    }
    if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_REPLICA_URL"],
        message: "needs DATABASE_URL (the embedded database has no replica)",
      });
    }
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required when DATABASE_URL is set (no demo secret outside embedded mode)",
      });
    }
    if (env.PAYMENT_PROVIDER === "stripe") {
      for (const name of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
        if (!env[name])
          ctx.addIssue({ code: "custom", path: [name], message: "is required when PAYMENT_PROVIDER=stripe" });
      }
    }
    if (env.PAYOUT_PROVIDER === "stripe" && env.PAYMENT_PROVIDER !== "stripe") {
      ctx.addIssue({
        code: "custom",
        path: ["PAYOUT_PROVIDER"],
        message: "stripe needs PAYMENT_PROVIDER=stripe (a transfer is paid from the Stripe charge it follows)",
      });
    }
    if (env.MEDIA_STORAGE === "s3") {
      for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when MEDIA_STORAGE=s3" });
      }
    } else if (env.MEDIA_PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["MEDIA_PUBLIC_URL"],
        message: "needs MEDIA_STORAGE=s3 (images on disk are served by the app at /media/)",
      });
    }
    const google = [env.GOOGLE_DISCOVERY_URL, env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET];
    if (google.some(Boolean) && !google.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_DISCOVERY_URL"],
        message: "Google sign-in needs GOOGLE_DISCOVERY_URL, GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together",
      });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

/**
 * Every variable read here, with its default as written in a .env file ("" when it has none): .env.example
 * lists the same, and a unit test fails when the two drift apart.
 */
export const configVariables = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(envSchema.shape).map(([name, schema]) => [
      name,
      schema instanceof z.ZodDefault ? String(schema.def.defaultValue) : "",
    ]),
  );

/** Tests only (NODE_ENV=test): a fixed secret, never used to sign anything a browser keeps. */
const TEST_SECRET = "relaptop-test-secret-never-for-a-running-site";

/**
 * Embedded mode without AUTH_SECRET: a random secret made on first start and kept in DATA_DIR, readable
 * by its owner only, so sessions survive restarts and no one else's copy of ReLaptop can sign our cookies.
 * Linked into place in one step: a second process starting at the same moment reads the same secret.
 */
function keptSecret(dataDir: string): { secret: string; file: { path: string; created: boolean } } {
  const file = path.join(dataDir, "auth-secret");
  let created = false;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(draft, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  if (fs.statSync(file).mode & 0o077) fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) {
    throw new ConfigError(
      `${file} does not hold a secret of 32 or more characters: delete it to make a new one (everyone is signed out), or set AUTH_SECRET.`,
    );
  }
  return { secret, file: { path: file, created } };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable means "not set" (as `FOO= npm start` intends).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  const kept = e.AUTH_SECRET || e.NODE_ENV === "test" ? undefined : keptSecret(dataDir);
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? ({
          kind: "postgres",
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          quickReadConnections: e.DATABASE_QUICK_READ_CONNECTIONS,
          preparedStatements: e.DATABASE_PREPARED_STATEMENTS,
          replica: e.DATABASE_REPLICA_URL
            ? { url: e.DATABASE_REPLICA_URL, maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS }
            : undefined,
        } as const)
      : ({ kind: "pglite", dir: path.join(dataDir, "db"), cacheMb: e.EMBEDDED_DATABASE_CACHE_MB } as const),
    // Keys and channels are prefixed: several marketplaces (or test runs) may share one Redis.
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: "relaptop:" } : undefined,
    // Demo data is on by default only for the embedded database.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    /** Unset, other addresses of this machine are sent to localhost (server/http/local-address.ts). */
    publicUrlSet: e.PUBLIC_URL !== undefined,
    authSecret: e.AUTH_SECRET ?? kept?.secret ?? TEST_SECRET,
    /** Where the embedded secret is kept, and whether this start made it (server/serve.ts says so in the log). */
    authSecretFile: kept?.file,
    google:
      e.GOOGLE_DISCOVERY_URL && e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
          }
        : undefined,
    // The embedded demo opens its admin pages as the spec shows them; a real deployment protects them.
    adminTwoFactor: e.ADMIN_TWO_FACTOR ?? (e.DATABASE_URL ? "required" : "optional"),
    trustProxy: e.TRUST_PROXY,
    publicCacheMs: e.PUBLIC_CACHE_MS,
    publicCacheBytes: e.PUBLIC_CACHE_MB * 1024 * 1024,
    metricsToken: e.METRICS_TOKEN,
    webConcurrency: e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? os.availableParallelism() : 1),
    // One embedded process has no balancer to wait for.
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.DATABASE_URL ? 5_000 : 0),
    runJobs: e.RUN_JOBS,
    signUpsPerHour: e.SIGNUPS_PER_HOUR,
    passwordHashesAtOnce: e.PASSWORD_HASHES_AT_ONCE,
    passwordHashesWaiting: e.PASSWORD_HASHES_WAITING,
    requestsAtOnce: e.REQUESTS_AT_ONCE ?? (e.DATABASE_URL ? 0 : 4),
    saleWindows: {
      bookingHours: e.BOOKING_HOURS,
      handoverDays: e.HANDOVER_DAYS,
      shippingDays: e.SHIPPING_DAYS,
      protectionHours: e.PROTECTION_HOURS,
    },
    retentionDays: e.RETENTION_DAYS,
    mediaSweepDays: e.MEDIA_SWEEP_DAYS,
    payments:
      e.PAYMENT_PROVIDER === "stripe"
        ? ({
            kind: "stripe",
            secretKey: e.STRIPE_SECRET_KEY as string,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
            apiBase: e.STRIPE_API_BASE,
          } as const)
        : ({ kind: "simulated" } as const),
    platformFee: { basisPoints: Math.round(e.PLATFORM_FEE_PERCENT * 100), fixedCents: e.PLATFORM_FEE_FIXED_CENTS },
    payouts: {
      provider: e.PAYOUT_PROVIDER,
      schedule: e.PAYOUT_SCHEDULE,
    },
    media:
      e.MEDIA_STORAGE === "s3"
        ? ({
            kind: "s3",
            endpoint: e.S3_ENDPOINT as string,
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID as string,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
            publicUrl: e.MEDIA_PUBLIC_URL,
          } as const)
        : ({ kind: "disk", dir: path.join(dataDir, "media") } as const),
    mail: {
      smtpUrl: e.SMTP_URL,
      // The default sender is at PUBLIC_URL's host.
      from: e.MAIL_FROM ?? `ReLaptop <no-reply@${new URL(e.PUBLIC_URL ?? "http://localhost").hostname}>`,
    },
    logLevel: e.LOG_LEVEL,
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}
