import { z } from "zod";
import { numberInText } from "./form-values.ts";
import { optionalText, requiredText } from "./text-fields.ts";
import { REPORT_REASONS } from "./values.ts";

export { REPORT_REASONS };

export const reportSchema = z.object({
  advertId: z.string().min(1),
  reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }),
  details: optionalText(1000, "Keep it under 1000 characters"),
});

/** The reason an admin gives for removing something, told to `whom` (the seller, a review's author). */
export const removalReason = (whom: string) =>
  requiredText(`Tell ${whom} why`).max(300, "Keep it under 300 characters");

export const removalSchema = z.object({ reason: removalReason("the seller") });

export type ReportInput = z.infer<typeof reportSchema>;

/* ── Replies ─────────────────────────────────────────────────────────────── */

/** A laptop with open reports, as the Reported Items page and the API list them. */
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
/** A page of them: pass `next` as `cursor` for the one after (null on the last page). */
export const reportedAdvertListSchema = z.object({
  groups: z.array(reportedAdvertSchema),
  next: z.string().nullable(),
});
export const reportedAdvertsQuery = z.object({
  cursor: z.string().max(200).optional().meta({ description: "The `next` of the page before" }),
});
export const BAD_REPORTED_ADVERTS_CURSOR = "This page of reported laptops does not exist.";

/* ── People: admins' lists of sellers and buyers ─────────────────────────── */

export const peopleQuerySchema = z.object({
  q: z.string().max(100).optional(),
  page: numberInText(z.number().int().min(1).max(10_000).default(1)),
});

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
  })
  .meta({ id: "Person" });
export type PersonRow = z.infer<typeof personSchema>;
export const peoplePageSchema = z.object({ people: z.array(personSchema), total: z.int(), pageSize: z.int() });
export type PeoplePage = z.infer<typeof peoplePageSchema>;

export const verificationSchema = z.object({ verified: z.boolean() });
