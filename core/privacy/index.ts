/**
 * Privacy: what the site promises not to keep (core/privacy/retention.ts), swept daily by the job queue, and what a
 * person may take away — "Download my data": a ZIP of everything of theirs, prepared on the job queue
 * (prepare-export.ts: what goes in, export-contents.ts), kept in the media storage's private area and downloadable
 * by them alone for EXPORT_LINK_HOURS (data-export.ts). Where a person is signed in is the accounts domain's
 * (core/accounts/sessions.ts).
 */
export {
  expireExportsOf,
  exportFor,
  latestExport,
  openExport,
  PREPARE_EXPORT,
  removeExpiredExports,
  requestExport,
} from "./data-export.ts";
export { defineExportJob, EXPORT_README, prepareExport, writeExportZip } from "./prepare-export.ts";
export {
  APPLY_RETENTION,
  applyRetention,
  configureRetention,
  DEFAULT_RETENTION_DAYS,
  defineRetentionJob,
  retentionDays,
} from "./retention.ts";
