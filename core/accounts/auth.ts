import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import * as schema from "../../db/schema.ts";
import { nameSchema, signUpSchema } from "../../schemas/accounts.ts";
import { fieldErrors } from "../../schemas/form-errors.ts";
import { visibleText } from "../../schemas/text-safety.ts";
import type { LoginThrottle, SignUpLimit } from "./login-throttle.ts";

export interface AuthOptions {
  db: Db;
  baseURL: string;
  secret: string;
  google?: { discoveryUrl: string; clientId: string; clientSecret: string };
  throttle: LoginThrottle;
  signUpLimit: SignUpLimit;
  /** Tests only: a cheap password hash instead of scrypt (~110 ms per hash). */
  insecureFastHash?: boolean;
}

export const GOOGLE_PROVIDER_ID = "google";

/** The address a request came from, as the edge recorded it in x-forwarded-for. */
export function clientIp(headers: Headers | undefined): string {
  return headers?.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}

/** 429 with Retry-After, and the wait in words for people. */
function tooMany(reason: string, waitMs: number) {
  const minutes = Math.ceil(waitMs / 60_000);
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_REQUESTS", message: `${reason} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` },
    { "retry-after": String(Math.ceil(waitMs / 1000)) },
  );
}

/**
 * The name to store: always as it looks (no invisible characters); refused when a client's request
 * chose one that passes for a role or the verified badge. Our own code (seeds, factories) calls without
 * a request and may name its demo admin "Ada Admin".
 */
function acceptedName(name: string, ctx: { headers?: Headers } | null): string {
  if (!ctx?.headers) return visibleText(name);
  const parsed = nameSchema.safeParse(name);
  if (parsed.success) return parsed.data;
  throw new APIError("BAD_REQUEST", {
    code: "VALIDATION_FAILED",
    message: "Check the highlighted fields.",
    fields: { name: parsed.error.issues[0]?.message ?? "Name is not allowed" },
  });
}

export function createAuth(options: AuthOptions) {
  const { db, throttle, signUpLimit } = options;
  return betterAuth({
    appName: "ReLaptop",
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [options.baseURL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      autoSignIn: true,
      ...(options.insecureFastHash && {
        password: {
          hash: async (password: string) => `plain:${password}`,
          verify: async ({ hash, password }: { hash: string; password: string }) => hash === `plain:${password}`,
        },
      }),
    },
    user: {
      additionalFields: {
        // Never accepted from a client: role changes go through core/accounts only.
        role: { type: "string", input: false, defaultValue: "user" },
        verified: { type: "boolean", input: false, defaultValue: false },
        actingAsSeller: { type: "boolean", input: false, defaultValue: true },
        deactivatedAt: { type: "date", input: false, required: false },
      },
    },
    account: {
      // Google verifies addresses, so its sign-in may join an existing password account.
      accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] },
    },
    session: { cookieCache: { enabled: false } },
    databaseHooks: {
      // Every way an account gets or changes its name (sign-up, Google, update-user) ends here.
      user: {
        create: { before: async (user, ctx) => ({ data: { ...user, name: acceptedName(user.name, ctx) } }) },
        update: {
          before: async (data, ctx) =>
            typeof data.name === "string" ? { data: { ...data, name: acceptedName(data.name, ctx) } } : undefined,
        },
      },
      session: {
        create: {
          // A deleted (deactivated) account cannot start a session, by password or by Google.
          async before(session) {
            const [user] = await db
              .select({ deactivatedAt: schema.users.deactivatedAt })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (user?.deactivatedAt) {
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_DELETED", message: "This account has been deleted." });
            }
          },
        },
      },
    },
    // Our own throttle (below) counts failed logins per account and per address.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "relaptop",
      useSecureCookies: options.baseURL.startsWith("https://"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Accounts our own code creates (seeds, factories) come without a request: they are trusted
        // (the demo admin is "Ada Admin") and not limited.
        if (ctx.path === "/sign-up/email" && ctx.headers) {
          // The same rules and messages as the sign-up forms, for every client.
          const parsed = signUpSchema.safeParse(ctx.body);
          if (!parsed.success) {
            throw new APIError("BAD_REQUEST", {
              code: "VALIDATION_FAILED",
              message: "Check the highlighted fields.",
              fields: fieldErrors(parsed.error),
            });
          }
          const wait = await signUpLimit.take(clientIp(ctx.headers));
          if (wait > 0) throw tooMany("Too many new accounts from your network.", wait);
        }
        if (ctx.path === "/sign-in/email") {
          const wait = await throttle.retryAfter(String(ctx.body?.email ?? ""), clientIp(ctx.headers));
          if (wait > 0) throw tooMany("Too many failed logins.", wait);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = String(ctx.body?.email ?? "");
        const returned = ctx.context.returned;
        if (returned instanceof APIError) {
          // 429 is our own refusal above: only a wrong password counts.
          if (returned.statusCode === 401) await throttle.recordFailure(email, clientIp(ctx.headers));
        } else {
          await throttle.recordSuccess(email, clientIp(ctx.headers));
        }
      }),
    },
    plugins: options.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                discoveryUrl: options.google.discoveryUrl,
                clientId: options.google.clientId,
                clientSecret: options.google.clientSecret,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
