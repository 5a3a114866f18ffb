import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { SessionUser } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { announceModeration } from "../notifications/index.ts";
import type { Keyed, ReportTarget } from "./report-target.ts";

/** `actor` reports a thing, once; the admins' open Reported Items pages hear of it once it is committed. */
export async function fileReport<Input>(
  db: Db | Tx,
  target: ReportTarget<Input, Keyed, Keyed, unknown, string>,
  actor: SessionUser,
  id: string,
  input: Input,
) {
  await target.assertReportable(db, actor, id);
  try {
    await db.transaction(async (tx) => {
      await target.write(tx, actor, id, input);
      await announceModeration(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", target.reportedTwice);
    throw error;
  }
}
