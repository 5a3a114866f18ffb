import { and, count, desc, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import type { SessionUser } from "../../schemas/accounts.ts";
import { SESSION_MESSAGES as M, SESSIONS_SHOWN, type SignedInSession } from "../../schemas/sessions.ts";
import { AppError } from "../errors.ts";
import { forgetTrustedBrowsers } from "./trusted-browsers.ts";
import { describeDevice } from "./user-agent.ts";

/**
 * Where a person is signed in: their live sessions (better-auth's rows), newest activity first. `current` is
 * the token of the asking request's session, which is marked and never listed by its token. Ending one
 * deletes its row: every process reads the session row on every request (session-lookup.ts), so the device
 * is signed out on its next request, whichever process answers it.
 */
export async function listSessions(db: Db, actor: Pick<SessionUser, "id">, current: string | null) {
  const live = and(eq(sessions.userId, actor.id), gt(sessions.expiresAt, new Date()));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        token: sessions.token,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
      })
      .from(sessions)
      .where(live)
      .orderBy(desc(sessions.updatedAt), desc(sessions.id))
      .limit(SESSIONS_SHOWN),
    db.select({ n: count() }).from(sessions).where(live),
  ]);
  const items: SignedInSession[] = rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    address: row.ipAddress || null,
    signedInAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: current !== null && row.token === current,
  }));
  // The asking session first, wherever its last activity puts it.
  items.sort((a, b) => Number(b.current) - Number(a.current));
  return { items, more: (total?.n ?? 0) > rows.length };
}

/** Ends one of the person's own sessions (their current one too: that is signing out). Anyone else's: 404. */
export async function endSession(db: Db, actor: Pick<SessionUser, "id">, sessionId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.id)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new AppError("NOT_FOUND", M.notFound);
}

/**
 * "Sign out everywhere else": every session of the person's but the asking one, and every browser trusted to skip
 * two-factor's code (trusted-browsers.ts; this one too: a trust is not tied to a session, and a lost phone's must
 * end). Returns how many sessions ended.
 */
export async function endOtherSessions(db: Db, actor: Pick<SessionUser, "id">, current: string | null) {
  // Without a session of its own to keep, "everywhere else" would be everywhere: nothing is ended.
  if (current === null) return { ended: 0 };
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, actor.id), ne(sessions.token, current)))
      .returning({ id: sessions.id });
    await forgetTrustedBrowsers(tx, actor.id);
    return { ended: ended.length };
  });
}
