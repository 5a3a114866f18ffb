import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailPreferences as preferences, users } from "../../db/schema/index.ts";
import { canBuy, isSeller, type SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { isKind, KINDS, type KindAudience, type NotificationKind, OPTIONAL_KINDS } from "./kinds.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

/** Whether a person can be told a kind at all (a buyer is never told of "their" sales). */
function mayBeTold(actor: SessionUser, audience: KindAudience | undefined): boolean {
  if (audience === "sellers") return isSeller(actor);
  if (audience === "buyers") return canBuy(actor);
  return true;
}

/** Per kind a person may turn off: what it is, and whether they get it by email (in the app, always). */
export async function emailPreferences(db: Db, actor: SessionUser) {
  const rows = await db
    .select({ kind: preferences.kind, email: preferences.email })
    .from(preferences)
    .where(eq(preferences.userId, actor.id));
  const chosen = new Map(rows.map((r) => [r.kind, r.email]));
  return OPTIONAL_KINDS.filter((kind) => mayBeTold(actor, KINDS[kind].audience)).map((kind) => ({
    kind,
    label: KINDS[kind].label,
    email: chosen.get(kind) ?? true,
  }));
}

export async function setEmailPreference(db: Db, actor: SessionUser, kind: string, email: boolean): Promise<void> {
  if (!isKind(kind) || KINDS[kind].email !== "optional") {
    throw new AppError("VALIDATION_FAILED", "Check the highlighted fields.", { kind: "No such kind of email" });
  }
  await setPreference(db, actor.id, kind, email);
}

/**
 * One-click unsubscribe from an email's link, without signing in: the token, signed with `secret`, names the
 * account and the kind. Says what was turned off.
 */
export async function unsubscribe(
  db: Db,
  secret: string,
  token: string,
): Promise<{ kind: NotificationKind; label: string }> {
  const found = readUnsubscribeToken(secret, token);
  if (!found || KINDS[found.kind].email !== "optional") {
    throw new AppError("NOT_FOUND", "This unsubscribe link is not valid.");
  }
  // A deleted account's links stop working at once: it has no preferences left to set.
  const [owner] = await db.select({ deletedAt: users.deactivatedAt }).from(users).where(eq(users.id, found.userId));
  if (!owner || owner.deletedAt) throw new AppError("NOT_FOUND", "This unsubscribe link is not valid.");
  await setPreference(db, found.userId, found.kind, false);
  return { kind: found.kind, label: KINDS[found.kind].label };
}

async function setPreference(db: Db, userId: string, kind: NotificationKind, email: boolean) {
  await db
    .insert(preferences)
    .values({ userId, kind, email })
    .onConflictDoUpdate({ target: [preferences.userId, preferences.kind], set: { email, updatedAt: new Date() } });
}
