import { and, count, eq, inArray, isNull, like, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  accountEvents,
  accounts,
  adverts,
  emailPreferences,
  favourites,
  ledgerEntries,
  notifications,
  orders,
  passkeys,
  proofCodes,
  savedSearches,
  sessions,
  twoFactors,
  users,
  verifications,
} from "../../db/schema/index.ts";
import type { SessionUser } from "../../schemas/accounts.ts";
import { DELETED_USER_NAME, DELETE_ACCOUNT_MESSAGES as M } from "../../schemas/accounts.ts";
import { formatPrice } from "../../schemas/money.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { notify } from "../notifications/index.ts";
import { applyTransition, lockBuyer, lockOrder, removeAllOf } from "../orders/index.ts";
import { expireExportsOf } from "../privacy/index.ts";
import { requireAdmin } from "./roles.ts";

/**
 * Orders whose sale is not finished: money is moving or held (paying, refunding), or the laptop is paid for,
 * handed over (the buyer protection window) or disputed. An account in one of them, as buyer or seller,
 * cannot be deleted: the other person still needs it. Unpaid bookings are not among them: they end.
 */
const UNFINISHED = ["paying", "paid", "handed_over", "disputed", "refunding"] as const;

/** The address a deleted account keeps: unique (the column is), never shown, never delivered (`.invalid`, RFC 2606). */
export const deletedEmailOf = (userId: string) => `deleted-${userId}@invalid`;

/**
 * Deletes an account by anonymising it, in one transaction: its owner from the profile (`via: "profile"`,
 * after proving who they are: core/accounts/confirm-owner.ts), or an admin from the admin screens
 * (`via: "admin"`: not their own account there, never the last admin).
 *
 * Refused while an order of theirs is not finished (the message names the orders) or a balance of theirs is
 * not yet paid out. Otherwise: name "Deleted user", email replaced by a placeholder and phone numbers removed
 * (the account's, its adverts', its orders' copies), sessions, sign-in methods (passwords, Google, passkeys),
 * two-factor secrets and emailed links ended (every process reads sessions from the database on every request:
 * core/accounts/session-lookup.ts), live adverts
 * withdrawn and their unpaid bookings ended, its own unpaid bookings cancelled, favourites, saved searches,
 * notifications and email choices deleted, data exports expired. Messages, reviews, orders and ledger entries stay, under the
 * anonymised name (the law requires sales records). The confirmation email is written first, while the
 * account still has its address, so the outbox row keeps it.
 *
 * Deleting twice is deleting once (the second finds the account deleted and changes nothing). Locks, in the
 * order a sale takes them: the account's row, the person as a buyer (bookings wait), their adverts, orders.
 */
export async function deleteAccount(
  db: Db | Tx,
  actor: SessionUser,
  userId: string,
  via: "profile" | "admin",
): Promise<{ deleted: boolean }> {
  if (via === "admin") {
    requireAdmin(actor);
    if (userId === actor.id) throw new AppError("CONFLICT", M.adminSelf);
  } else if (userId !== actor.id) {
    throw new AppError("FORBIDDEN", "You can delete only your own account.");
  }
  return db.transaction(async (tx) => {
    // NO KEY UPDATE, not UPDATE: a sale in flight writes rows that refer to this account (its notices),
    // whose key-share lock UPDATE would wait on while that sale waits on the advert locked below — a deadlock.
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("no key update");
    if (!target) throw new AppError("NOT_FOUND", "This account does not exist.");
    if (target.deactivatedAt) return { deleted: false };
    if (target.role === "admin") {
      const [admins] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, "admin"), isNull(users.deactivatedAt)));
      if (Number(admins?.n ?? 0) <= 1) throw new AppError("CONFLICT", M.lastAdmin);
    }
    // Their own bookings and payments wait (book.ts takes the same lock, then sees the account deleted).
    await lockBuyer(tx, userId);
    // Their laptops' sales wait: nobody starts paying for one while this looks at its orders.
    await tx
      .select({ id: adverts.id })
      .from(adverts)
      .where(and(eq(adverts.sellerId, userId), inArray(adverts.status, ["available", "pending_review"])))
      .orderBy(adverts.id)
      .for("update");
    await refuseWhileUnfinished(tx, userId);

    await notify(tx, "account.deleted", { recipientId: userId, params: { byAdmin: via === "admin" } });
    await cancelOwnBookings(tx, userId);
    await removeAllOf(tx, userId, actor.id);

    const placeholder = deletedEmailOf(userId);
    await tx
      .update(users)
      .set({
        name: DELETED_USER_NAME,
        email: placeholder,
        emailVerified: false,
        image: null,
        verified: false,
        deactivatedAt: new Date(),
        twoFactorEnabled: false,
      })
      .where(eq(users.id, userId));
    // The orders' copies of the buyer (their seller read them): the sale's figures stay, the person goes.
    await tx
      .update(orders)
      .set({ buyerName: DELETED_USER_NAME, buyerEmail: "", buyerPhone: "" })
      .where(eq(orders.buyerId, userId));
    await tx.update(adverts).set({ mobile: "" }).where(eq(adverts.sellerId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    // Its authenticator secret and backup codes.
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    // Reset links hold the account's id; sign-in links name its (old) address; change-email links start with its id.
    await tx.delete(verifications).where(
      or(
        eq(verifications.value, userId),
        sql`split_part(${verifications.value}, ' ', 1) = ${userId}`,
        like(
          verifications.value,
          `%${JSON.stringify(target.email)
            .slice(1, -1)
            .replace(/[\\%_]/g, "\\$&")}%`,
        ),
      ),
    );
    await tx.delete(favourites).where(eq(favourites.userId, userId));
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(emailPreferences).where(eq(emailPreferences.userId, userId));
    // A code for a proof photo is theirs alone; their adverts' proofs stay with the withdrawn adverts.
    await tx.delete(proofCodes).where(eq(proofCodes.sellerId, userId));
    // Their data exports stop answering now, on every process; the files go after the commit (server/services.ts).
    await expireExportsOf(tx, userId);

    if (via === "admin") {
      await recordAdminAction(
        tx,
        actor.id,
        "delete-account",
        { type: "user", id: userId },
        `Deleted ${target.role} ${target.name}`,
      );
    } else {
      await tx.insert(accountEvents).values({ userId, action: "delete-account", summary: "Deleted their account" });
    }
    return { deleted: true };
  });
}

/** Refuses, naming them, while orders are not finished; then while a balance is not yet paid out. */
async function refuseWhileUnfinished(tx: Tx, userId: string) {
  const open = await tx
    .select({ number: orders.number })
    .from(orders)
    .where(and(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)), inArray(orders.status, UNFINISHED)))
    .orderBy(orders.createdAt, orders.id);
  if (open.length > 0) {
    throw new AppError("CONFLICT", M.openOrders(open.map((o) => o.number)));
  }
  // The seller's payable accounts (core/payouts/balances.ts): pending, available, or on its way to the bank.
  const [owed] = await tx
    .select({
      cents: sql<string>`-coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.sellerId, userId),
        inArray(ledgerEntries.account, ["seller_pending", "seller_available", "payouts"]),
      ),
    );
  const cents = Number(owed?.cents ?? 0);
  if (cents > 0) throw new AppError("CONFLICT", M.balance(formatPrice(cents)));
}

/** Their bookings nobody has paid for end as if they cancelled them (each seller is told, as for a cancel). */
async function cancelOwnBookings(tx: Tx, userId: string) {
  const booked = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.buyerId, userId), eq(orders.status, "booked")))
    .orderBy(orders.id);
  for (const { id } of booked) {
    const { order } = await lockOrder(tx, id, userId);
    if (order.status !== "booked") continue;
    await applyTransition(tx, order, "cancel", { kind: "buyer", id: userId }, "the buyer's account was deleted");
  }
}
