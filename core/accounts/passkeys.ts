import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { passkeys } from "../../db/schema/index.ts";
import type { SessionUser } from "../../schemas/accounts.ts";
import { PASSKEY_MESSAGES as M, type PasskeySummary } from "../../schemas/passkeys.ts";
import { AppError } from "../errors.ts";
import { recordSignInChange } from "./sign-in-changes.ts";

/**
 * A person's passkeys, as their profile lists and manages them. Adding one and signing in with one are
 * better-auth's passkey plugin's WebAuthn ceremonies (auth.ts); listing, renaming and removing are here, with
 * the owner in every query: anyone else's passkey is "not found" (404), never told apart from a missing one.
 */
export async function listPasskeys(db: Db, actor: Pick<SessionUser, "id">): Promise<PasskeySummary[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  // A passkey registered by a client that named none (the plugin allows it) still needs a label.
  return rows.map((row) => ({ id: row.id, name: row.name || "Passkey", createdAt: row.createdAt.toISOString() }));
}

export async function renamePasskey(db: Db, actor: Pick<SessionUser, "id">, id: string, name: string) {
  const renamed = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
    .returning({ id: passkeys.id });
  if (renamed.length === 0) throw new AppError("NOT_FOUND", M.notFound);
}

/** The passkey no longer signs anyone in (the next sign-in with it finds no credential); its owner is told. */
export async function removePasskey(db: Db, actor: Pick<SessionUser, "id">, id: string) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
      .returning({ id: passkeys.id });
    if (removed.length === 0) throw new AppError("NOT_FOUND", M.notFound);
    await recordSignInChange(tx, actor.id, "passkeyRemoved");
  });
}
