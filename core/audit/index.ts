/** Audit: every admin action — who did what, to what, and when — written in the caller's transaction. */
export { createAudit, recordAdminAction } from "./admin-actions.ts";
