import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { compiledRows } from "../../db/compiled-rows.ts";
import { sessions, users } from "../../db/schema/index.ts";
import type { SessionUser } from "../../schemas/accounts.ts";
import type { Auth } from "./auth.ts";
import type { Role } from "./roles.ts";

/**
 * Who is signed in, read the cheap way on every request: the session cookie's signature checked here
 * (HMAC-SHA-256 with the auth secret, as better-auth signs it, compared in constant time), then one
 * prepared, indexed join of the session row and its account. Only the signature check is kept between
 * requests (a cookie value found genuine once stays genuine), never the session: a session ended anywhere
 * (sign-out, a password reset or change, a deleted account) is refused by every process on its next request.
 *
 * better-auth's own getSession verifies through WebCrypto (two async calls per cookie) and reads the
 * session and the account in two statements built afresh each time; that was most of what being signed
 * in cost. Anything but the common case is handed to it unchanged, so its rules stay the only ones:
 * a session due for its daily extension (`updateAge`; it writes the new expiry), an expired one (it
 * deletes it), one signed in without "remember me". A cookie it did not sign is nobody, as for it.
 * `reads`: where the session is read on every request (db/quick-reads.ts).
 */
export async function getSessionUser(
  reads: Db,
  auth: Auth,
  headers: Headers,
  /** Where to send the cookies better-auth sets while reading (an extended session's). */
  onCookies?: (cookies: string[]) => void,
): Promise<SessionUser | null> {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  const context = await auth.$context;
  const signed = firstCookie(cookie, context.authCookies.sessionToken.name);
  if (!signed) return null;
  const token = verifierOf(context)(signed);
  if (!token) return null;
  if (firstCookie(cookie, context.authCookies.dontRememberToken.name) !== undefined) {
    return fullLookup(auth, headers, onCookies);
  }
  const [found] = await sessionRowOn(reads).execute({ token });
  if (!found) return null;
  const { expiresIn, updateAge } = context.sessionConfig;
  const due = found.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= Date.now();
  if (due || found.expiresAt.getTime() <= Date.now()) return fullLookup(auth, headers, onCookies);
  return toSessionUser(found);
}

/**
 * The token of the request's session cookie when better-auth signed it (whether the session still lives is
 * the database's to say): how "Where you're signed in" marks the asking session without listing tokens.
 */
export async function sessionTokenOf(auth: Auth, headers: Headers): Promise<string | null> {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  const context = await auth.$context;
  const signed = firstCookie(cookie, context.authCookies.sessionToken.name);
  return signed ? verifierOf(context)(signed) : null;
}

/** better-auth's own lookup, for every case but the common one. */
async function fullLookup(
  auth: Auth,
  headers: Headers,
  onCookies?: (cookies: string[]) => void,
): Promise<SessionUser | null> {
  const { headers: answer, response: session } = await auth.api.getSession({ headers, returnHeaders: true });
  // Its daily extension moves the expiry in the database and sends the cookie again with the new one.
  const cookies = answer?.getSetCookie() ?? [];
  if (cookies.length > 0) onCookies?.(cookies);
  return session ? toSessionUser(session.user) : null;
}

/** The session's row joined to its account's, by the cookie's token: one prepared, indexed statement. */
const sessionRow = (db: Db) =>
  compiledRows(
    db
      .select({
        expiresAt: sessions.expiresAt,
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        verified: users.verified,
        actingAsSeller: users.actingAsSeller,
        emailVerified: users.emailVerified,
        deactivatedAt: users.deactivatedAt,
        twoFactorEnabled: users.twoFactorEnabled,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, sql.placeholder("token")))
      .prepare("session_user"),
  );

/** `make(key)` once per key, kept with it (and gone with it). */
function keptWith<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const kept = new WeakMap<K, V>();
  return (key) => {
    if (!kept.has(key)) kept.set(key, make(key));
    return kept.get(key) as V;
  };
}

/** Built and prepared once per database handle: every signed-in request runs it. */
const sessionRowOn = keptWith(sessionRow);

/**
 * The first cookie of that name, as better-auth's getSession reads it (better-auth's own parseCookies keeps
 * the last): with two of one name (one set for a wider domain), both paths must name the same session.
 */
function firstCookie(header: string, name: string): string | undefined {
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at).trim() === name) return parseCookies(pair.trim()).get(name);
  }
  return undefined;
}

/**
 * Cookie values whose signature was checked, kept so that a person's next requests skip the HMAC (a
 * fifteenth of a short signed-in read's CPU). Only values signed with the secret get in, so nobody fills it
 * by sending made-up cookies; it says nothing about the session itself, which is read from the database on
 * every request. The oldest go first past VERIFIED_KEPT.
 */
const VERIFIED_KEPT = 10_000;

/** Each auth's checked cookie values, kept with it: its secret signs them. */
const verifierOf = keptWith((context: { secret: string }) => verifiedBy(context.secret));

/** The token of a `token.signature` cookie value when the signature is the secret's; better-auth's format. */
function verifiedBy(secret: string) {
  const known = new Map<string, string>();
  return function verified(value: string): string | null {
    const seen = known.get(value);
    if (seen !== undefined) return seen;
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    if (known.size >= VERIFIED_KEPT) known.delete(known.keys().next().value as string);
    known.set(value, token);
    return token;
  };
}

function toSessionUser(u: {
  id: string;
  name: string;
  email: string;
  role?: unknown;
  verified?: unknown;
  actingAsSeller?: unknown;
  emailVerified?: unknown;
  deactivatedAt?: unknown;
  twoFactorEnabled?: unknown;
}): SessionUser | null {
  if (u.deactivatedAt) return null;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role as Role,
    verified: Boolean(u.verified),
    actingAsSeller: u.actingAsSeller !== false,
    emailVerified: Boolean(u.emailVerified),
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
  };
}
