import { createHash } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users, verifications } from "../../db/schema/index.ts";
import type { LoginInput, SessionUser, SignUpInput } from "../../schemas/accounts.ts";
import { AppError } from "../errors.ts";
import { type Auth, GOOGLE_PROVIDER_ID } from "./auth.ts";
import { call } from "./auth-errors.ts";
import type { Role } from "./roles.ts";
import { createSessionLookup } from "./session-lookup.ts";

/** The signed-in account as every page and API handler sees it (schemas/accounts.ts). */
export type { SessionUser };

/** Cookies to pass on to the browser after an auth step. */
export type AuthResult = { headers: Headers };

/** `quickReads`: where the session is read on every request (db/quick-reads.ts); `db` otherwise. */
export function createAccounts({ db, auth, quickReads = db }: { db: Db; auth: Auth; quickReads?: Db }) {
  return {
    /** Who the request's session cookie belongs to; null for none, an ended session or a deleted account. */
    getSessionUser: createSessionLookup(quickReads, auth),

    /**
     * Creates a buyer (role user) or a seller (verified false, acting as a seller) and signs them in; `user`
     * is who it is (for what sign-up carries, like a heart pressed as a visitor).
     */
    async register(
      input: SignUpInput & { as: "user" | "seller" },
      headers: Headers,
    ): Promise<AuthResult & { user: { id: string; role: Role } }> {
      const result = await call(() =>
        auth.api.signUpEmail({
          body: { name: input.name, email: input.email, password: input.password },
          headers,
          returnHeaders: true,
        }),
      );
      if (input.as === "seller") {
        await db
          .update(users)
          .set({ role: "seller", verified: false, actingAsSeller: true })
          .where(eq(users.id, result.response.user.id));
      }
      return { headers: result.headers, user: { id: result.response.user.id, role: input.as } };
    },

    /** Signs in; `user` is who it is (for what the login itself carries, like a heart pressed as a visitor). */
    async signIn(input: LoginInput, headers: Headers): Promise<AuthResult & { user: { id: string; role: string } }> {
      const result = await call(() => auth.api.signInEmail({ body: input, headers, returnHeaders: true }));
      const { id, role } = result.response.user as { id: string; role: string };
      return { headers: result.headers, user: { id, role } };
    },

    /**
     * "Email me a sign-in link": writes the link to the outbox when a confirmed account has this address; the
     * answer and its time are the same either way (auth.ts). Limited per address and per email (429).
     */
    async requestSignInLink(email: string, headers: Headers): Promise<void> {
      await call(() => auth.api.signInMagicLink({ body: { email }, headers }));
    },

    /** Whether a sign-in link can still be used (not used yet, not expired), so its page says so at once. */
    async signInLinkWorks(token: string): Promise<boolean> {
      // The magic-link plugin keeps only the token's hash ("hashed": SHA-256, base64url without padding).
      const stored = createHash("sha256").update(token).digest("base64url");
      const [row] = await db
        .select({ id: verifications.id })
        .from(verifications)
        .where(and(eq(verifications.identifier, `magic-link:${stored}`), gt(verifications.expiresAt, new Date())));
      return Boolean(row);
    },

    /**
     * Signs in with an emailed link's token (once, within its time; the browser becomes a known device of the
     * account); null when the link was used, has expired or was never ours.
     */
    async signInWithLink(
      token: string,
      headers: Headers,
    ): Promise<(AuthResult & { user: { id: string; role: string } }) | null> {
      const result = await call(() =>
        auth.api.magicLinkVerify({ query: { token }, headers, returnHeaders: true }).catch((error: unknown) => {
          // better-auth answers a bad token with a redirect to its error page (302), which we do not use.
          if (isAPIError(error) && error.statusCode === 302) return null;
          throw error;
        }),
      );
      if (!result) return null;
      // Its reply is typed without our fields; the row has them.
      const { id, role } = result.response.user as typeof result.response.user & { role: string };
      return { headers: result.headers, user: { id, role } };
    },

    async signOut(headers: Headers): Promise<AuthResult> {
      const result = await call(() => auth.api.signOut({ headers, returnHeaders: true }));
      return { headers: result.headers };
    },

    /** Changes the password (the current one is checked) and ends the account's other sessions. */
    async changePassword(
      input: { currentPassword: string; newPassword: string },
      headers: Headers,
    ): Promise<AuthResult> {
      const result = await call(() =>
        auth.api.changePassword({ body: { ...input, revokeOtherSessions: true }, headers, returnHeaders: true }),
      );
      return { headers: result.headers };
    },

    /** Starts "Continue with Google"; the browser goes to the returned URL. */
    /** Google's address to send the browser to; it comes back to `callbackURL`, or to `errorCallbackURL` (with `error=…`). */
    async startGoogleSignIn(
      callbackURL: string,
      headers: Headers,
      errorCallbackURL = "/login",
    ): Promise<AuthResult & { url: string }> {
      const result = await call(() =>
        auth.api.signInSocial({
          body: { provider: GOOGLE_PROVIDER_ID, callbackURL, errorCallbackURL },
          headers,
          returnHeaders: true,
        }),
      );
      if (!result.response.url) throw new AppError("CONFLICT", "Google sign-in is not available.");
      return { headers: result.headers, url: result.response.url };
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
