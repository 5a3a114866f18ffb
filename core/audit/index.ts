/** Audit: every admin action — who did what, to what, and when — written in the caller's transaction when it has one. */
export { createAudit, dismissedReports, recordAdminAction, recordAdminActionOnce } from "./admin-actions.ts";
