import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/index.ts";

/** A claim older than this belongs to a delivery that died mid-send (the job's own expiry is the same). */
export const CLAIM_SECONDS = 120;
/**
 * A delivery still at work renews its claim once it is this old — checked between two emails and every few
 * seconds while one is being sent (a slow server, or a send waiting for a pooled connection) — so the claim
 * never lapses while it works: the job's retry after its expiry would take the unsent rows and send them a
 * second time.
 */
const RENEW_AFTER_MS = (CLAIM_SECONDS * 1000) / 4;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Claims the rows among `ids` that are waiting, or whose claim lapsed (a delivery that died mid-send), in one
 * statement (pending → sending), so two deliveries never both hold a row. Null when there were none.
 */
export async function claimRows({ db, ids, host, now }: { db: Db; ids: string[]; host: string; now: () => number }) {
  const claimedAt = new Date(now());
  const rows = await db
    .update(emailOutbox)
    .set({
      status: "sending",
      attempts: sql`${emailOutbox.attempts} + 1`,
      claimedAt,
      messageId: sql`coalesce(${emailOutbox.messageId}, '<' || ${emailOutbox.id} || ${`@${host}>`})`,
    })
    .where(
      and(
        inArray(emailOutbox.id, ids),
        or(
          eq(emailOutbox.status, "pending"),
          and(
            eq(emailOutbox.status, "sending"),
            lt(emailOutbox.claimedAt, new Date(claimedAt.getTime() - CLAIM_SECONDS * 1000)),
          ),
        ),
      ),
    )
    .returning();
  if (rows.length === 0) return null;
  return { rows, claim: holdClaim({ db, ids: rows.map((r) => r.id), claimedAt, now }) };
}

/**
 * What one delivery holds of the outbox, and the record of what became of each row. Every result is written
 * only on rows this delivery still holds (status "sending" with its own claim time), so one that lost its
 * claim cannot overwrite what another did; and every write comes after the one before it, so a renewal never
 * moves the claim under a result being recorded (each reads the claim when it runs).
 */
function holdClaim({
  db,
  ids,
  claimedAt: firstClaim,
  now,
}: {
  db: Db;
  ids: string[];
  claimedAt: Date;
  now: () => number;
}) {
  let claimedAt = firstClaim;
  let writes: Promise<unknown> = Promise.resolve();
  const serially = <T>(write: () => Promise<T>): Promise<T> => {
    const next = writes.then(write);
    writes = next.catch(() => {});
    return next;
  };
  let sent: string[] = []; // sent, not yet recorded
  const settled = new Set<string>(); // recorded as sent, failed or back to waiting, or taken by another
  /** The rows among `rowIds` this delivery still holds. */
  const mine = (rowIds: string[]) =>
    and(inArray(emailOutbox.id, rowIds), eq(emailOutbox.status, "sending"), eq(emailOutbox.claimedAt, claimedAt));
  // Given back to waiting after the job expired (a very slow batch), its rows need a new job: the job's
  // retry came and went while this delivery still held them. The relay queues them again within a minute.
  const requeue = () => (now() - firstClaim.getTime() > CLAIM_SECONDS * 1000 ? { enqueuedAt: null } : {});

  const recordSent = async () => {
    if (sent.length === 0) return;
    const recording = [...sent]; // a copy: an email sent while this is written joins `sent`, not this write
    await db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: new Date(now()), lastError: null })
      .where(mine(recording));
    for (const id of recording) settled.add(id);
    sent = sent.filter((id) => !recording.includes(id));
  };
  /** Neither recorded nor sent yet. */
  const open = () => ids.filter((id) => !settled.has(id) && !sent.includes(id));

  return {
    isSettled: (id: string) => settled.has(id),
    sent: (id: string) => void sent.push(id),
    open,
    recordSent: () => serially(recordSent),
    /** Back to waiting, for the job's next try. */
    giveBack: (rowIds: string[], error: unknown) =>
      serially(async () => {
        if (rowIds.length === 0) return;
        await db
          .update(emailOutbox)
          .set({ status: "pending", lastError: describe(error), ...requeue() })
          .where(mine(rowIds));
        for (const id of rowIds) settled.add(id); // only once it is: one whose update failed is given back later
      }),
    fail: (id: string, error: unknown) =>
      serially(async () => {
        await db
          .update(emailOutbox)
          .set({ status: "failed", lastError: describe(error) })
          .where(mine([id]));
        settled.add(id);
      }),
    keep: (reason: string) =>
      serially(() => db.update(emailOutbox).set({ status: "kept", lastError: reason }).where(mine(ids))),
    /** Once the claim is a quarter of its life old: what was sent is recorded, and the claim on the rest starts again. */
    renewIfDue: () =>
      serially(async () => {
        if (now() - claimedAt.getTime() <= RENEW_AFTER_MS) return;
        await recordSent();
        // Every row still held, those sent while that was written included: left on the old claim, they could
        // not be recorded under the new one, and once it lapsed the job's retry would send them again.
        const rest = ids.filter((id) => !settled.has(id));
        const renewedAt = new Date(now());
        const kept = await db
          .update(emailOutbox)
          .set({ claimedAt: renewedAt })
          .where(mine(rest))
          .returning({ id: emailOutbox.id });
        claimedAt = renewedAt;
        // Taken by another delivery meanwhile (this one stalled past its claim): theirs now.
        const held = new Set(kept.map((r) => r.id));
        for (const id of rest) if (!held.has(id)) settled.add(id);
      }),
  };
}
