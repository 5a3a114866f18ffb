/** Notifications and email (core/notifications). */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { EMAIL_STATUSES } from "../../schemas/values.ts";
import { userRef, users } from "./accounts.ts";
import { createdAt, oneOf, timestamps, updatedAt, uuidPrimaryKey } from "./columns.ts";

/**
 * What a person is told in the app, written in the transaction of the change that caused it (the outbox).
 * Title, body and link are rendered when written: an entry says what was true then.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuidPrimaryKey(),
    userId: userRef("user_id", "cascade"),
    /** A kind of core/notifications/kinds.ts. */
    kind: text("kind").notNull(),
    /** What it is about: an order, an advert, the account itself or a conversation. */
    subjectType: text("subject_type", { enum: ["order", "advert", "account", "conversation"] }).notNull(),
    subjectId: text("subject_id"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** A path on this site (the page of its subject). */
    link: text("link").notNull(),
    readAt: timestamp("read_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
  },
  (t) => [
    // A person's notifications, newest first, in keyset pages.
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The unread count on every signed-in page.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    // The daily retention sweep: everyone's notifications older than RETENTION_DAYS (core/privacy).
    index("notifications_created_idx").on(t.createdAt),
  ],
);

/** A person's choice of email per kind; no row means the kind's default (on). */
export const emailPreferences = pgTable(
  "email_preferences",
  {
    userId: userRef("user_id", "cascade"),
    kind: text("kind").notNull(),
    email: boolean("email").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Every email, written in the transaction that caused it and delivered afterwards by the job queue:
 * pending → sending (claimed by one delivery) → sent | pending (to be retried) | failed (after the last
 * try, or refused for good); kept when there is no SMTP server (SMTP_URL unset). What it says is its kind
 * rendered from `payload` at delivery (with PUBLIC_URL's links); its Message-ID is fixed by the first
 * delivery, so a retry after an unknown outcome is recognisably the same message.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuidPrimaryKey(),
    /** A kind of core/notifications/kinds.ts. */
    kind: text("kind").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    /** Rendered when written (no links in it): what Email delivery lists. */
    subject: text("subject").notNull(),
    /** The kind's parameters and the recipient as they were when it was written. */
    payload: jsonb("payload")
      .$type<{ params: Record<string, unknown>; to: { id: string; name: string; email: string } }>()
      .notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    messageId: text("message_id").unique(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When a delivery job was queued for it (null: the relay queues one). */
    enqueuedAt: timestamp("enqueued_at", { withTimezone: true, precision: 3 }),
    claimedAt: timestamp("claimed_at", { withTimezone: true, precision: 3 }),
    sentAt: timestamp("sent_at", { withTimezone: true, precision: 3 }),
    ...timestamps(),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in (${oneOf(EMAIL_STATUSES)})`),
    index("email_outbox_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // The relay reads the few rows still waiting.
    index("email_outbox_waiting_idx").on(t.createdAt).where(sql`${t.status} in ('pending', 'sending')`),
    // Admins' count of failed emails and Email delivery filtered to them, newest first, in keyset pages.
    index("email_outbox_failed_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'failed'`),
    // Email delivery filtered by recipient (whatever its case), newest first, in keyset pages.
    index("email_outbox_to_idx").on(sql`lower(${t.toAddress})`, t.createdAt.desc(), t.id.desc()),
  ],
);
