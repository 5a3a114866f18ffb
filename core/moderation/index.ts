/**
 * Moderation: buyers' reports and their outcome, adverts held for review, and admins' management of
 * sellers and buyers.
 */
// A person as admins' lists show them is described once, in schemas/moderation.ts.
export type { PersonRow } from "../../schemas/moderation.ts";
export { createHeldAdverts, type HeldAdverts, reviewQueueQuery } from "./held-adverts.ts";
export { createPeople, PEOPLE_PAGE_SIZE } from "./people.ts";
export { createReports } from "./reports.ts";
