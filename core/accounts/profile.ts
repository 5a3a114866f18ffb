import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { profileSchema, type SessionUser } from "../../schemas/accounts.ts";
import { fieldErrors } from "../../schemas/form-errors.ts";
import { AppError } from "../errors.ts";
import { isSeller } from "./roles.ts";

/* A person's own account: their name, and a seller's switch between acting as a seller and as a buyer. */

/** The Seller/User switch: a seller acts as a seller (true) or as a plain buyer (false). Whether it changed. */
export async function setActingAsSeller(db: Db, actor: SessionUser, actingAsSeller: boolean): Promise<boolean> {
  if (!isSeller(actor)) throw new AppError("FORBIDDEN", "Only sellers can switch between seller and user.");
  const changed = await db
    .update(users)
    .set({ actingAsSeller })
    .where(and(eq(users.id, actor.id), sql`${users.actingAsSeller} <> ${actingAsSeller}`))
    .returning({ id: users.id });
  return changed.length > 0;
}

export async function rename(db: Db, actor: SessionUser, name: string): Promise<void> {
  // The same rules as the profile form, for any caller: stored as it looks, never passing for a role.
  const parsed = profileSchema.safeParse({ name });
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", "Check the highlighted fields.", fieldErrors(parsed.error));
  }
  await db.update(users).set({ name: parsed.data.name }).where(eq(users.id, actor.id));
}
