/** Moderation: buyers' reports and their outcome, and admins' management of sellers and buyers. */
export { createPeople, PEOPLE_PAGE_SIZE, type PersonRow } from "./people.ts";
export { createReports } from "./reports.ts";
