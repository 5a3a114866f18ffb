import { pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * The sweep of unreferenced images (core/media/sweep-unreferenced.ts) writes here the images it found stored
 * and old enough, then deletes those some row still names, in one statement over every table that names
 * images: what is left is not used. Rows are a run's own (two runs never mix); a run that crashed leaves
 * rows the next one deletes.
 */
export const mediaSweepCandidates = pgTable(
  "media_sweep_candidates",
  {
    runId: uuid("run_id").notNull(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.key] })],
);
