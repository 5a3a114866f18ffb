import { and, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation, isUuid } from "../../db/errors.ts";
import { keysetCursor, ordered, pastCursor } from "../../db/order.ts";
import { adverts, reports, users } from "../../db/schema/index.ts";
import { BAD_REPORTED_ADVERTS_CURSOR, type ReportedAdvert, type ReportInput } from "../../schemas/moderation.ts";
import type { SessionUser } from "../accounts/index.ts";
import { canBuy, requireAdmin } from "../accounts/index.ts";
import { dismissedReports, recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/index.ts";
import { announceModeration, notify } from "../notifications/index.ts";
import { isPublic, takeDown } from "../orders/index.ts";

export const REPORTED_ADVERTS_PAGE_SIZE = 50;

/** A keyset cursor: the last advert shown (its open reports, when it was last reported, its id). */
const cursors = keysetCursor(["count", "time", "id"]);

/**
 * The order of the reported laptops, most reported first, then the most recently reported, then by id (so
 * no two groups tie): one direction throughout, so a page's cursor is one row comparison in HAVING.
 */
const reportCount = sql`count(*)`;
const lastReported = sql`max(${reports.createdAt})`;
const advertOrder = [ordered(reportCount, "bigint"), ordered(lastReported, "timestamptz"), reports.advertId];

/** Buyers report adverts; admins dismiss the reports or remove the advert, telling its seller why. */
export function createReports({ db }: { db: Db }) {
  return {
    async report(actor: SessionUser, input: ReportInput) {
      if (!canBuy(actor)) throw new AppError("FORBIDDEN", "Admins remove adverts directly.");
      const [advert] = isUuid(input.advertId)
        ? await db
            .select({ sellerId: adverts.sellerId, status: adverts.status })
            .from(adverts)
            .where(eq(adverts.id, input.advertId))
        : [];
      if (!advert || !isPublic(advert.status)) throw new AppError("NOT_FOUND", "This laptop does not exist.");
      if (advert.sellerId === actor.id) throw new AppError("CONFLICT", "You cannot report your own laptop.");
      try {
        // The admins' open Reported Items pages hear of it once it is committed.
        await db.transaction(async (tx) => {
          await tx
            .insert(reports)
            .values({ advertId: input.advertId, reporterId: actor.id, reason: input.reason, details: input.details });
          await announceModeration(tx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("CONFLICT", "You have already reported this laptop.");
        throw error;
      }
    },

    /**
     * Open reports grouped by advert, most reported first, in keyset pages (`next` is the cursor of the one
     * after, null on the last). The open reports are read through `reports_open_idx`, each page's own through
     * `reports_once_per_buyer_idx`.
     */
    async openByAdvert(
      admin: SessionUser,
      { cursor, limit = REPORTED_ADVERTS_PAGE_SIZE }: { cursor?: string; limit?: number } = {},
    ): Promise<{ groups: ReportedAdvert[]; next: string | null }> {
      requireAdmin(admin);
      const after = cursor ? cursors.decode(cursor) : null;
      if (cursor && !after) {
        throw new AppError("VALIDATION_FAILED", BAD_REPORTED_ADVERTS_CURSOR, { cursor: BAD_REPORTED_ADVERTS_CURSOR });
      }
      const size = Math.max(1, Math.min(limit, 100));
      const rows = await db
        .select({
          advertId: reports.advertId,
          reports: count(),
          lastReportedAt: max(reports.createdAt),
          name: adverts.name,
          imageKey: adverts.imageKey,
          sellerName: users.name,
        })
        .from(reports)
        .innerJoin(adverts, eq(adverts.id, reports.advertId))
        .innerJoin(users, eq(users.id, adverts.sellerId))
        .where(eq(reports.status, "open"))
        .groupBy(reports.advertId, adverts.name, adverts.imageKey, users.name)
        .having(after ? pastCursor("desc", advertOrder, after) : undefined)
        .orderBy(desc(reportCount), desc(lastReported), desc(reports.advertId))
        .limit(size + 1);
      const groups = rows.slice(0, size);
      const last = groups.at(-1);
      const next =
        rows.length > size && last?.lastReportedAt
          ? cursors.encode(last.reports, new Date(last.lastReportedAt), last.advertId)
          : null;
      const ids = groups.map((g) => g.advertId);
      const details = ids.length
        ? await db
            .select({ advertId: reports.advertId, reason: reports.reason, details: reports.details })
            .from(reports)
            .where(and(eq(reports.status, "open"), inArray(reports.advertId, ids)))
        : [];
      return {
        groups: groups.map(({ imageKey, lastReportedAt, ...g }) => ({
          ...g,
          reports: Number(g.reports),
          imageUrl: mediaUrl(imageKey),
          lastReportedAt: lastReportedAt ? new Date(lastReportedAt).toISOString() : null,
          items: details
            .filter((d) => d.advertId === g.advertId)
            .map(({ reason, details: text }) => ({ reason, details: text })),
        })),
        next,
      };
    },

    /** Nothing wrong: the reports close and each reporter is told. */
    async dismiss(admin: SessionUser, advertId: string) {
      requireAdmin(admin);
      await db.transaction(async (tx) => {
        const closed = await tx
          .update(reports)
          .set({ status: "dismissed" })
          .where(and(eq(reports.advertId, advertId), eq(reports.status, "open")))
          .returning({ id: reports.id, reporterId: reports.reporterId });
        if (closed.length === 0) throw new AppError("NOT_FOUND", "There are no open reports for this laptop.");
        const [advert] = await tx.select({ name: adverts.name }).from(adverts).where(eq(adverts.id, advertId));
        for (const { reporterId } of closed) {
          await notify(tx, "report.resolved", {
            recipientId: reporterId,
            params: { advertId, productName: advert?.name ?? "a laptop", outcome: "dismissed" },
          });
        }
        await recordAdminAction(
          tx,
          admin.id,
          "dismiss-reports",
          { type: "advert", id: advertId },
          dismissedReports(closed.length),
        );
        await announceModeration(tx);
      });
    },

    /**
     * Removes the advert from the catalogue; its seller is told the reason (and sees it in My Products),
     * its reporters that it was dealt with. A sold advert stays (its order needs it).
     */
    async removeAdvert(admin: SessionUser, advertId: string, reason: string) {
      requireAdmin(admin);
      await db.transaction(async (tx) => {
        const [advert] = isUuid(advertId)
          ? await tx.select().from(adverts).where(eq(adverts.id, advertId)).for("update")
          : [];
        if (!advert) throw new AppError("NOT_FOUND", "This laptop does not exist.");
        await takeDown(tx, advert, "remove", admin.id, reason);
        const actioned = await tx
          .update(reports)
          .set({ status: "actioned" })
          .where(and(eq(reports.advertId, advertId), eq(reports.status, "open")))
          .returning({ reporterId: reports.reporterId });
        await notify(tx, "advert.removed", {
          recipientId: advert.sellerId,
          params: { advertId, productName: advert.name, reason },
        });
        for (const { reporterId } of actioned) {
          await notify(tx, "report.resolved", {
            recipientId: reporterId,
            params: { advertId, productName: advert.name, outcome: "actioned" },
          });
        }
        await recordAdminAction(
          tx,
          admin.id,
          "remove-advert",
          { type: "advert", id: advertId },
          `Removed “${advert.name}”: ${reason}`,
        );
        await announceModeration(tx);
      });
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
