/** Background jobs on PostgreSQL (pg-boss): retried with backoff, scheduled ones run once per cluster. */
export { createJobQueue, type JobHandler, type JobQueue, type JobQueueOptions } from "./queue.ts";
