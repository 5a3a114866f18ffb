/** The admins' log (core/audit). */
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { userRef } from "./accounts.ts";
import { createdAt, uuidPrimaryKey } from "./columns.ts";

/** Every admin action: who did what to whom, and when. */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: uuidPrimaryKey(),
    adminId: userRef("admin_id", "restrict"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    summary: text("summary").notNull(),
    at: createdAt(),
  },
  (t) => [index("admin_actions_at_idx").on(t.at.desc())],
);
