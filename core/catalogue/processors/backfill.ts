import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { adverts } from "../../../db/schema/index.ts";
import { processorColumns } from "./match.ts";
import { processorByKey } from "./processors.ts";

/**
 * Recognises the processors of adverts that have one typed but no key: adverts from before the processor
 * list, and those not recognised when posted — matched again, so a processor added to the list (or a better
 * matcher) reaches older adverts at the next start. Runs at start-up under the start-up lock
 * (server/serve.ts), one UPDATE per distinct text; the partial index adverts_unmatched_processor_idx keeps
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
  await scoreRecognised(db);
  return recognised;
}

/**
 * Adverts recognised before their processor's score was kept (for "Best value") get it from the list: one
 * UPDATE per processor, found by the partial index adverts_unscored_processor_idx (empty once done).
 */
async function scoreRecognised(db: Db) {
  const unscored = await db
    .selectDistinct({ key: adverts.processorKey })
    .from(adverts)
    .where(and(isNotNull(adverts.processorKey), isNull(adverts.processorScore)));
  for (const { key } of unscored) {
    const processor = key ? processorByKey(key) : undefined;
    if (!key || !processor) continue;
    await db
      .update(adverts)
      .set({ processorScore: processor.score, updatedAt: adverts.updatedAt })
      .where(and(eq(adverts.processorKey, key), isNull(adverts.processorScore)));
  }
}
