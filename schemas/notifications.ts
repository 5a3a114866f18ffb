import { z } from "zod";
import { keysetPage, keysetPageQuery } from "./keyset-pages.ts";
import { EMAIL_STATUSES } from "./values.ts";

export * from "./notification-labels.ts";

/**
 * Notifications' requests and replies: the API validates with them and the OpenAPI document is generated
 * from them; the pages share the labels. What each kind says is core/notifications/kinds.ts.
 */

/* ── In the app ──────────────────────────────────────────────────────────── */

export const notificationSchema = z
  .object({
    id: z.uuid(),
    kind: z.string().meta({ example: "order.booked" }),
    subjectType: z.enum(["order", "advert", "account", "conversation"]),
    subjectId: z.string().nullable(),
    title: z.string(),
    body: z.string(),
    link: z.string().meta({ description: "A path on this site: the page of the notification's subject" }),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = keysetPage(notificationSchema);

export const notificationPageQuery = keysetPageQuery;

export const unreadSchema = z.object({ unread: z.int().min(0) });

/* ── Email preferences ───────────────────────────────────────────────────── */

export const emailPreferenceSchema = z.object({ kind: z.string(), label: z.string(), email: z.boolean() });
export const emailPreferencesSchema = z.object({ preferences: z.array(emailPreferenceSchema) });
export const setEmailPreferenceSchema = z.object({
  kind: z.string().min(1).max(100),
  email: z.boolean(),
});

/* ── Email delivery (admins) ─────────────────────────────────────────────── */

export const emailRowSchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(EMAIL_STATUSES),
    attempts: z.int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: "EmailRow" });
export type EmailRow = z.infer<typeof emailRowSchema>;

export const emailListSchema = z.object({
  emails: z.array(emailRowSchema),
  next: z.string().nullable().meta({ description: "The cursor of the next page; null on the last page" }),
});
export const BAD_EMAILS_CURSOR = "This page of emails does not exist.";
export const UNKNOWN_EMAIL_KIND = "There is no such kind of email.";
/**
 * Email delivery's filters, from its GET form or the API's query string: each optional, an empty field is no
 * filter (a form sends every field), anything else malformed is a 400 naming its field.
 */
const blankAsNone = (v: unknown) => (v === "" ? undefined : v);
export const emailListQuery = z.object({
  status: z.preprocess(blankAsNone, z.enum(EMAIL_STATUSES).optional()),
  kind: z.preprocess(
    blankAsNone,
    z
      .string()
      .max(60)
      .regex(/^[a-z][a-zA-Z]*(\.[a-zA-Z]+)+$/, UNKNOWN_EMAIL_KIND)
      .optional(),
  ),
  to: z.preprocess(blankAsNone, z.email("Enter a whole email address.").max(254).optional()),
  cursor: keysetPageQuery.shape.cursor,
  limit: keysetPageQuery.shape.limit,
});
export type EmailListQuery = z.infer<typeof emailListQuery>;
export const sentAgainSchema = z.object({ status: z.literal("pending") });
