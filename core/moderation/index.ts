/** Moderation: buyers' reports and their outcome, and admins' management of sellers and buyers. */
// A person as admins' lists show them is described once, in schemas/moderation.ts.
export type { PersonRow } from "../../schemas/moderation.ts";
export { createPeople, PEOPLE_PAGE_SIZE } from "./people.ts";
export { createReports } from "./reports.ts";
