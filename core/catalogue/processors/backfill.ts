import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { adverts } from "../../../db/schema/index.ts";
import { processorColumns } from "./match.ts";

/**
 * Recognises the processors of adverts that have one typed but no key: adverts from before the processor
 * list, and those not recognised when posted — matched again, so a processor added to the list (or a better
 * matcher) reaches older adverts at the next start. Runs at start-up under the start-up lock
 * (server/main.ts), one UPDATE per distinct text; the partial index adverts_unmatched_processor_idx keeps
 * the look-up to the unrecognised rows, so a start with nothing new to recognise costs next to nothing.
 * Returns how many distinct texts it recognised.
 */
export async function backfillProcessors(db: Db): Promise<number> {
  const waiting = await db
    .selectDistinct({ processor: adverts.processor })
    .from(adverts)
    .where(and(isNull(adverts.processorKey), isNotNull(adverts.processor)));
  let recognised = 0;
  for (const { processor } of waiting) {
    const columns = processorColumns(processor);
    if (!processor || !columns.processorKey) continue;
    await db
      .update(adverts)
      // Not an edit by anyone: the advert's updated_at stays as it was.
      .set({ ...columns, updatedAt: adverts.updatedAt })
      .where(and(eq(adverts.processor, processor), isNull(adverts.processorKey)));
    recognised++;
  }
  return recognised;
}
