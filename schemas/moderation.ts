import { z } from "zod";
import { numberInText } from "./form-values.ts";
import { namedKeysetPage } from "./keyset-pages.ts";
import { optionalText, requiredText } from "./text-fields.ts";
import { REPORT_REASONS } from "./values.ts";

export { REPORT_REASONS };

/** A buyer's report of a laptop. */
export const reportSchema = z.object({
  advertId: z.uuid(),
  reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }),
  details: optionalText(1000, "Keep it under 1000 characters"),
});

/** The reason an admin gives for removing something, told to `whom` (the seller, a review's author). */
const removalReason = (whom: string) => requiredText(`Tell ${whom} why`).max(300, "Keep it under 300 characters");

/** Removing a laptop (reported or held for review): the reason its seller reads. */
export const removalSchema = z.object({ reason: removalReason("the seller") });
/** Removing a review: the reason its author reads. */
export const reviewRemovalSchema = z.object({ reason: removalReason("the author") });

export type ReportInput = z.infer<typeof reportSchema>;

/** What an admin is told once a thing's open reports are dismissed. */
export const REPORTS_DISMISSED = "Reports dismissed.";

/* ── Replies: the report queue as Reported Items and the API list it ───────── */

/** Each list of reported things is read in keyset pages: `cursor` is the `next` of the page before. */
export const reportedListQuery = z.object({
  cursor: z.string().max(200).optional().meta({ description: "The `next` of the page before" }),
});

/** A laptop with open reports. */
export const reportedAdvertSchema = z.object({
  advertId: z.uuid(),
  name: z.string(),
  imageUrl: z.string(),
  sellerName: z.string(),
  reports: z.int(),
  lastReportedAt: z.string().nullable(),
  items: z.array(z.object({ reason: z.enum(REPORT_REASONS), details: z.string().nullable() })),
});
export type ReportedAdvert = z.infer<typeof reportedAdvertSchema>;
/** A page of them: pass `next` as `cursor` for the one after (null on the last page); so for the two below. */
export const reportedAdvertListSchema = namedKeysetPage("groups", reportedAdvertSchema);

/** A review with open reports. */
export const reportedReviewSchema = z.object({
  reviewId: z.uuid(),
  sellerId: z.string(),
  sellerName: z.string(),
  authorName: z.string(),
  productName: z.string(),
  rating: z.int(),
  body: z.string(),
  reports: z.int(),
  details: z.array(z.string()),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;
export const reportedReviewListSchema = namedKeysetPage("reviews", reportedReviewSchema);

const person = z.object({ id: z.string(), name: z.string() });
/** A conversation with open reports: admins may read it from then on. */
export const reportedConversationSchema = z.object({
  id: z.uuid(),
  advertName: z.string(),
  buyer: person,
  seller: person,
  lastReportedAt: z.string(),
  reports: z.array(z.object({ reporterName: z.string(), reason: z.enum(REPORT_REASONS) })),
});
export type ReportedConversation = z.infer<typeof reportedConversationSchema>;
export const reportedConversationListSchema = namedKeysetPage("conversations", reportedConversationSchema);

/* ── People: admins' lists of sellers and buyers ─────────────────────────── */

export const peopleQuerySchema = z.object({
  q: z.string().max(100).optional(),
  page: numberInText(z.number().int().min(1).max(10_000).default(1)),
});

/** What admins judge a seller by: adverts (withdrawn ones aside), final sales, reports drawn, account age. */
export const sellerRecordSchema = z
  .object({
    adverts: z.int(),
    completedSales: z.int(),
    reports: z.int().meta({ description: "Reports of the seller's adverts, decided or not" }),
    since: z.string().meta({ description: "When the account was made" }),
  })
  .meta({ id: "SellerRecord" });
export type SellerRecord = z.infer<typeof sellerRecordSchema>;

/** A seller or a buyer, as admins' lists show them. */
export const personSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    verified: z.boolean(),
    emailVerified: z.boolean().meta({ description: "The account followed the link emailed to its address" }),
    actingAsSeller: z.boolean(),
    deactivated: z.boolean(),
    joinedAt: z.string(),
    /** Sellers only (All Sellers). */
    record: sellerRecordSchema.optional(),
  })
  .meta({ id: "Person" });
export type PersonRow = z.infer<typeof personSchema>;
export const peoplePageSchema = z.object({ people: z.array(personSchema), total: z.int(), pageSize: z.int() });
export type PeoplePage = z.infer<typeof peoplePageSchema>;

export const verificationSchema = z.object({ verified: z.boolean() });
