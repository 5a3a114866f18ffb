import { and, count, eq, ilike, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import type { PeoplePage, PersonRow } from "../../schemas/moderation.ts";
import { deleteAccount, deletedEmailOf, requireAdmin, type SessionUser } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { notify } from "../notifications/index.ts";
import { sellerRecordColumns, sellerRecordOf } from "./seller-record.ts";

/**
 * Admins and the people of the marketplace: list, verify and delete sellers and buyers.
 * Every admin action is recorded.
 */

const PEOPLE_PAGE_SIZE = 25;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const notFound = () => new AppError("NOT_FOUND", "This account does not exist.");
const account = (id: string) => ({ type: "user" as const, id });

/** Sellers or buyers, newest first, searchable by name or email; pages of 25 (offset: admin lists stay small). */
export async function listPeople(
  db: Db | Tx,
  admin: SessionUser,
  role: "seller" | "user",
  { q, page = 1 }: { q?: string; page?: number },
): Promise<PeoplePage> {
  requireAdmin(admin);
  const where = and(
    eq(users.role, role),
    q ? or(ilike(users.name, `%${escapeLike(q)}%`), ilike(users.email, `%${escapeLike(q)}%`)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        verified: users.verified,
        emailVerified: users.emailVerified,
        actingAsSeller: users.actingAsSeller,
        deactivatedAt: users.deactivatedAt,
        createdAt: users.createdAt,
        // Sellers' records in the same statement (seller-record.ts); buyers have none.
        ...(role === "seller" ? sellerRecordColumns() : {}),
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.createdAt} desc`, users.id)
      .limit(PEOPLE_PAGE_SIZE)
      .offset((Math.max(1, Math.min(page, 10_000)) - 1) * PEOPLE_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    people: rows.map((row): PersonRow => {
      const { id, name, email, role: r, verified, emailVerified, actingAsSeller, deactivatedAt, createdAt } = row;
      return {
        // A deleted account's placeholder address is never shown.
        ...{
          id,
          name,
          email: email === deletedEmailOf(id) ? "" : email,
          role: r,
          verified,
          emailVerified,
          actingAsSeller,
        },
        deactivated: deactivatedAt !== null,
        joinedAt: createdAt.toISOString(),
        ...(row.advertCount !== undefined && {
          record: sellerRecordOf(
            {
              advertCount: row.advertCount,
              completedSales: row.completedSales ?? 0,
              reportCount: row.reportCount ?? 0,
            },
            createdAt,
          ),
        }),
      };
    }),
    total: Number(total?.n ?? 0),
    pageSize: PEOPLE_PAGE_SIZE,
  };
}

/**
 * Make Verified (or revoke it). The verified mark on the seller's adverts is read from the
 * account, so every advert shows the change at once; a newly verified seller is told. Returns
 * whether anything changed.
 */
export async function setVerified(db: Db | Tx, admin: SessionUser, sellerId: string, verified: boolean) {
  requireAdmin(admin);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ verified })
      .where(and(eq(users.id, sellerId), eq(users.role, "seller"), sql`${users.verified} <> ${verified}`))
      .returning({ name: users.name });
    if (changed.length === 0) {
      const [exists] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, sellerId), eq(users.role, "seller")));
      if (!exists) throw notFound();
      return false;
    }
    if (verified) await notify(tx, "account.sellerVerified", { recipientId: sellerId, params: {} });
    const summary = `${verified ? "Verified" : "Revoked verification of"} ${changed[0]?.name}`;
    await recordAdminAction(tx, admin.id, verified ? "verify-seller" : "unverify-seller", account(sellerId), summary);
    return true;
  });
}

/**
 * An admin deletes an account: the same anonymising deletion as its owner's own (core/accounts/delete-account.ts),
 * with the admin rules (not their own account from here, never the last admin) and the admin action recorded.
 */
export async function deactivateAccount(db: Db | Tx, admin: SessionUser, userId: string) {
  await deleteAccount(db, admin, userId, "admin");
}
