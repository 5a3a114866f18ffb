/**
 * Privacy: what the site promises not to keep (core/privacy/retention.ts), swept daily by the job queue.
 * Where a person is signed in is the accounts domain's (core/accounts/sessions.ts).
 */
export {
  APPLY_RETENTION,
  applyRetention,
  configureRetention,
  DEFAULT_RETENTION_DAYS,
  defineRetentionJob,
  retentionDays,
} from "./retention.ts";
