/** Audit: every admin action — who did what, to what, and when — written in the caller's transaction when it has one. */
export { dismissedReports, recordAdminAction, recordAdminActionOnce } from "./admin-actions.ts";
export { recentAdminActions } from "./recent-admin-actions.ts";
