/**
 * Moderation: one report queue for every kind of reported thing — its verbs take the kind's adapter
 * (`reportedAdverts`, `reportedReviews`, `reportedConversations`; report-target.ts says what one holds) —
 * adverts held for review, and admins' management of sellers and buyers.
 */

// A person as admins' lists show them is described once, in schemas/moderation.ts.
export type { PersonRow } from "../../schemas/moderation.ts";
export { dismissReports, removeReported } from "./decide-reports.ts";
export { fileReport } from "./file-report.ts";
export { createHeldAdverts, type HeldAdverts, reviewQueueQuery } from "./held-adverts.ts";
export { openReports } from "./open-reports.ts";
export { createPeople, PEOPLE_PAGE_SIZE } from "./people.ts";
export { reportedAdverts } from "./reported-adverts.ts";
export { reportedConversations } from "./reported-conversations.ts";
export { reportedReviews } from "./reported-reviews.ts";
