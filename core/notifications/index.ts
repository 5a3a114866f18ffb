/**
 * Notifications: what people are told, in the app and by email. `notify(tx, kind, …)` is called inside the
 * transaction of the change it tells about (the outbox); emails are delivered afterwards by the job queue
 * (delivery.ts), through SMTP or — without SMTP_URL — kept and logged. Every kind is in kinds.ts. A person's own
 * notifications and email preferences, and admins' Email delivery, are verbs taking the database.
 */
export { createDelivery, DELIVER_EMAIL, type Delivery, NOT_SENT, RELAY_EMAILS, renderRow } from "./delivery.ts";
export { emailPreferences, setEmailPreference, unsubscribe } from "./email-preferences.ts";
export { escapeHtml, formatMoney } from "./format.ts";
export {
  type EmailParts,
  type InAppNotice,
  isKind,
  KINDS,
  LINKS,
  type NotificationKind,
  OPTIONAL_KINDS,
  orderNumber,
  type ParamsOf,
} from "./kinds.ts";
export {
  countUnreadNotifications,
  listNotifications,
  notificationsQuery,
  unreadNoticesSql,
} from "./list-notifications.ts";
export { createLiveCounts, createLiveModeration, type LiveCounts, type LiveModeration } from "./live.ts";
export { markAllRead, markRead, notificationLink } from "./mark-read.ts";
export {
  announceModeration,
  CHANNELS,
  type KindedNotice,
  notify,
  notifyAll,
  notifyEach,
  readNoticesAbout,
} from "./notify.ts";
export { countFailedEmails, EMAIL_KIND_NAMES, recentEmails, sendAgain } from "./recent-emails.ts";
export { relayEmailsOnCommit } from "./relay-on-commit.ts";
export { type MailTransport, type OutgoingEmail, smtpTransport } from "./transport.ts";
export { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token.ts";
