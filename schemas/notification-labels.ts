import type { EmailStatus } from "./values.ts";

/**
 * What the pages say about notifications, without zod: the bell is on every signed-in page, and the
 * validation library must not ride along into every page's JavaScript (see the budget test).
 */

/** The live count's server-sent events: `event: unread`, `data: <count>`. */
export const UNREAD_EVENT = "unread";
export const NOTIFICATIONS_STREAM = "/api/notifications/stream";
/** Admins' streams only: `event: moderation` — their queue changed; Reported Items reads itself again. */
export const MODERATION_EVENT = "moderation";

/** The bell's accessible name. */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : "Notifications");

/** How Email delivery names each status. */
export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pending: "pending",
  sending: "sending",
  sent: "sent",
  failed: "failed",
  kept: "not sent (no SMTP_URL)",
};
/** The statuses an admin may send again. */
export const RESENDABLE: readonly EmailStatus[] = ["failed", "kept", "sent"];
/** What admins read instead of a private conversation's email subject (it names its people and laptop). */
export const PRIVATE_EMAIL_SUBJECT = "A new message in a private conversation";

/** Someone else's notification, or none at all (the API and the page that opens one). */
export const NO_NOTIFICATION = "This notification does not exist.";
