/**
 * Notifications: what people are told, in the app and by email. `notify(tx, kind, …)` is called inside the
 * transaction of the change it tells about (the outbox); emails are delivered afterwards by the job queue
 * (delivery.ts), through SMTP or — without SMTP_URL — kept and logged. Every kind is in kinds.ts.
 */
export { createDelivery, DELIVER_EMAIL, type Delivery, NOT_SENT, RELAY_EMAILS, renderRow } from "./delivery.ts";
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
export { createLiveCounts, createLiveModeration, type LiveCounts, type LiveModeration } from "./live.ts";
export {
  createNotifications,
  NOTIFICATIONS_PAGE_SIZE,
  type Notifications,
  type NotificationView,
  notificationsQuery,
  unreadNoticesSql,
} from "./notifications.ts";
export {
  announceModeration,
  CHANNELS,
  type KindedNotice,
  notify,
  notifyAll,
  notifyEach,
  readNoticesAbout,
} from "./notify.ts";
export { relayEmailsOnCommit } from "./relay-on-commit.ts";
export { type MailTransport, type OutgoingEmail, smtpTransport } from "./transport.ts";
export { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token.ts";
