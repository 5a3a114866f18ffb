import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { accountEvents, users } from "../../db/schema/index.ts";
import { AppError } from "../errors.ts";
import type { Actor } from "./roles.ts";

export const START_SELLING_MESSAGES = {
  admin: "Admin accounts manage the marketplace and do not sell. To sell a laptop, use a seller account.",
  gone: "This account can no longer be changed.",
} as const;

/**
 * "Start selling": a buyer's own account becomes a seller's, acting as a seller — unverified, as a seller
 * who signs up at /register/seller is, and keeping its orders, favourites and messages. The role change and
 * its entry in account_events are one transaction, read from the row itself (locked), not from the session,
 * so two presses make one change. A seller acting as a user acts as a seller again (no new entry: the role
 * is the same). Admins are refused: an admin account is not a seller's (docs/features.md, "Start selling").
 * Returns whether the role changed.
 */
export async function startSelling(db: Db | Tx, actor: Pick<Actor, "id">): Promise<"started" | "switched" | "already"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ role: users.role, actingAsSeller: users.actingAsSeller, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(eq(users.id, actor.id))
      .for("update");
    if (!row || row.deactivatedAt) throw new AppError("FORBIDDEN", START_SELLING_MESSAGES.gone);
    if (row.role === "admin") throw new AppError("FORBIDDEN", START_SELLING_MESSAGES.admin);
    if (row.role === "seller") {
      if (row.actingAsSeller) return "already";
      await tx.update(users).set({ actingAsSeller: true }).where(eq(users.id, actor.id));
      return "switched";
    }
    await tx.update(users).set({ role: "seller", verified: false, actingAsSeller: true }).where(eq(users.id, actor.id));
    await tx.insert(accountEvents).values({ userId: actor.id, action: "start-selling", summary: "Started selling" });
    return "started";
  });
}
