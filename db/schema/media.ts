import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * The images a run of the sweep of unnamed images (core/media/sweep-unnamed-images.ts) found stored, less those
 * some row names (struck off in one statement over every table that names images). Rows are a run's own (two
 * runs never mix); a run that crashed leaves rows the next one deletes.
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

/**
 * Each stored image no row named at the last run, and since when: deleted once nothing has named it for
 * MEDIA_SWEEP_DAYS, run after run — a run that finds it named again, or stored again, forgets it.
 */
export const unnamedImages = pgTable(
  "unnamed_images",
  {
    key: text("key").primaryKey(),
    unnamedSince: timestamp("unnamed_since", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("unnamed_images_since_idx").on(t.unnamedSince)],
);
