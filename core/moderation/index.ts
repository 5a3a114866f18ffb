/**
 * Moderation: one report queue for every kind of reported thing — its verbs take the kind's adapter
 * (`reportedAdverts`, `reportedReviews`, `reportedConversations`; report-target.ts says what one holds) —
 * adverts held for review, and admins' management of sellers and buyers.
 */

export { dismissReports, removeReported } from "./decide-reports.ts";
export { fileReport } from "./file-report.ts";
export { approveHeldAdvert, rejectHeldAdvert, reviewQueue, reviewQueueQuery } from "./held-adverts.ts";
export { openReports } from "./open-reports.ts";
export { deactivateAccount, listPeople, setVerified } from "./people.ts";
export { reportedAdverts } from "./reported-adverts.ts";
export { reportedConversations } from "./reported-conversations.ts";
export { reportedReviews } from "./reported-reviews.ts";
export { listStolenSerials, removeStolenSerial, reportStolenSerial, SERIAL_ALREADY_STOLEN } from "./stolen-serials.ts";
export { moderationToDo } from "./to-do.ts";
