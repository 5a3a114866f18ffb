import { and, count, eq, inArray, max, sql } from "drizzle-orm";
import { keysetCursor, ordered } from "../../db/order.ts";
import { adverts, reports, users } from "../../db/schema/index.ts";
import { CATALOGUE_MESSAGES } from "../../schemas/messages.ts";
import type { ReportedAdvert, ReportInput } from "../../schemas/moderation.ts";
import { canBuy } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/index.ts";
import { notify, notifyAll } from "../notifications/index.ts";
import { isPublic, lockAdvert, takeDown } from "../orders/index.ts";
import { reportTarget } from "./report-target.ts";

/**
 * Buyers report a laptop for sale (not their own; admins remove it directly). Admins see the reported
 * laptops most reported first, then the most recently reported; they dismiss the reports or remove the
 * laptop, telling its seller why. Its reporters are told what came of it either way.
 */
export const reportedAdverts = reportTarget({
  type: "advert",
  noun: { one: "laptop", many: "laptops" },
  table: reports,
  column: reports.advertId,
  async assertReportable(db, actor, advertId) {
    if (!canBuy(actor)) throw new AppError("FORBIDDEN", "Admins remove adverts directly.");
    const [advert] = await db
      .select({ sellerId: adverts.sellerId, status: adverts.status })
      .from(adverts)
      .where(eq(adverts.id, advertId));
    if (!advert || !isPublic(advert.status)) throw new AppError("NOT_FOUND", CATALOGUE_MESSAGES.laptopNotFound);
    if (advert.sellerId === actor.id) throw new AppError("CONFLICT", "You cannot report your own laptop.");
  },
  async write(tx, actor, advertId, { reason, details }: Pick<ReportInput, "reason" | "details">) {
    await tx.insert(reports).values({ advertId, reporterId: actor.id, reason, details });
  },
  reportedTwice: "You have already reported this laptop.",

  listed: "groups",
  cursor: keysetCursor(["count", "time", "id"]),
  order: [ordered(sql`count(*)`, "bigint"), ordered(sql`max(${reports.createdAt})`, "timestamptz"), reports.advertId],
  groups: (db, { having, orderBy, limit }) =>
    db
      .select({
        targetId: reports.advertId,
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
      .having(having)
      .orderBy(...orderBy)
      .limit(limit),
  cursorOf: (g) => [g.reports, new Date(g.lastReportedAt ?? 0), g.targetId],
  reportsOf: (db, ids) =>
    db
      .select({ targetId: reports.advertId, reason: reports.reason, details: reports.details })
      .from(reports)
      .where(and(eq(reports.status, "open"), inArray(reports.advertId, ids))),
  item: ({ targetId, imageKey, lastReportedAt, ...g }, open): ReportedAdvert => ({
    advertId: targetId,
    ...g,
    reports: Number(g.reports),
    imageUrl: mediaUrl(imageKey),
    lastReportedAt: lastReportedAt ? new Date(lastReportedAt).toISOString() : null,
    items: open.map(({ reason, details }) => ({ reason, details })),
  }),

  dismissal: { action: "dismiss-reports" },
  async tellReporters(tx, advertId, reporterIds, outcome) {
    if (reporterIds.length === 0) return;
    const [advert] = await tx.select({ name: adverts.name }).from(adverts).where(eq(adverts.id, advertId));
    const productName = advert?.name ?? "a laptop";
    await notifyAll(
      tx,
      "report.resolved",
      reporterIds.map((recipientId) => ({ recipientId, params: { advertId, productName, outcome } })),
    );
  },
  /** Out of the catalogue; its seller sees the reason in My Products. A sold laptop stays (its order needs it). */
  async remove(tx, admin, advertId, reason) {
    const advert = await lockAdvert(tx, advertId);
    if (!advert) throw new AppError("NOT_FOUND", CATALOGUE_MESSAGES.laptopNotFound);
    await takeDown(tx, advert, "remove", admin.id, reason);
    await notify(tx, "advert.removed", {
      recipientId: advert.sellerId,
      params: { advertId, productName: advert.name, reason },
    });
    return `Removed “${advert.name}”: ${reason}`;
  },
  removal: { action: "remove-advert" },
});
