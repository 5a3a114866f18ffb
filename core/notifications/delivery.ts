import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema.ts";
import type { JobQueue } from "../jobs/index.ts";
import { renderEmail } from "./email-layout.ts";
import { KINDS, type NotificationKind } from "./kinds.ts";
import type { MailTransport } from "./transport.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

export const DELIVER_EMAIL = "email.deliver";
export const RELAY_EMAILS = "email.relay";

/** A claim older than this belongs to a delivery that died mid-send (the job's own expiry is the same). */
const CLAIM_SECONDS = 120;
/**
 * A delivery still at work renews its claim once it is this old — checked between two emails and every few
 * seconds while one is being sent (a slow server, or a send waiting for a pooled connection) — so the claim
 * never lapses while it works: the job's retry after its expiry would take the unsent rows and send them a
 * second time.
 */
const RENEW_AFTER_MS = (CLAIM_SECONDS * 1000) / 4;
const RENEW_CHECK_MS = 5_000;
/** A queued row untouched this long lost its job (the longest backoff is 10 minutes, doubled by jitter). */
const LOST_AFTER_MS = 30 * 60_000;
/** Emails one delivery job carries: one claim and one result for all of them, not a job each. */
const PER_JOB = 25;

export const NOT_SENT = "not sent (no SMTP_URL)";

export interface DeliveryOptions {
  db: Db;
  queue: JobQueue;
  transport: MailTransport | null;
  publicUrl: string;
  secret: string;
  from: string;
  log: (line: string) => void;
  /** The clock claims are read by (tests move it on), and how often a send in progress checks it. */
  now?: () => number;
  renewCheckMs?: number;
}

/** The email a row stands for, rendered now (links from PUBLIC_URL, the unsubscribe link signed). */
export function renderRow(
  row: { kind: string; payload: typeof emailOutbox.$inferSelect.payload; userId: string | null },
  { publicUrl, secret }: { publicUrl: string; secret: string },
) {
  const kind = row.kind as NotificationKind;
  const definition = KINDS[kind];
  if (!definition?.mail) throw new Error(`no email for kind ${row.kind}`);
  const optional = definition.email === "optional" && row.userId;
  const unsubscribeUrl = optional
    ? new URL(
        `/api/notifications/unsubscribe?token=${unsubscribeToken(secret, row.userId as string, kind)}`,
        publicUrl,
      ).toString()
    : undefined;
  const email = renderEmail(definition.mail(row.payload.params as never, row.payload.to), {
    publicUrl,
    unsubscribeUrl,
  });
  const headers: Record<string, string> = unsubscribeUrl
    ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : {};
  return { ...email, headers };
}

/** SMTP's permanent refusals (5xx: no such mailbox, message refused) are not retried. */
const permanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Delivering the outbox: "deliver email" jobs of up to 25 rows each, queued after the commit that wrote
 * them (the relay), retried with exponential backoff, and each email sent at most once per claim: a
 * delivery first claims its rows (pending → sending) in one statement, so two jobs for one row never both
 * send it, and records the sent ones in one statement more. A slow batch renews its claim as it goes, so the
 * job's retry after its expiry does not take rows it is still sending. A job whose emails could not all go is
 * retried for those alone (the sent ones are no longer pending). Only an unknown outcome (the process died
 * mid-send) can send twice, and then with the same Message-ID. Batches keep a sale's three emails from
 * costing a dozen commits (see README, Benchmarks).
 */
export function createDelivery({
  db,
  queue,
  transport,
  publicUrl,
  secret,
  from,
  log,
  now = Date.now,
  renewCheckMs = RENEW_CHECK_MS,
}: DeliveryOptions) {
  const host = new URL(publicUrl).hostname || "relaptop.invalid";

  /** Queues a job for each waiting row without one — and for rows whose job was lost — once per row in a cluster. */
  async function relay(): Promise<number> {
    let queued = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(
            and(
              inArray(emailOutbox.status, ["pending", "sending"]),
              or(isNull(emailOutbox.enqueuedAt), lt(emailOutbox.updatedAt, new Date(now() - LOST_AFTER_MS))),
            ),
          )
          .orderBy(emailOutbox.createdAt)
          .limit(200)
          .for("update", { skipLocked: true });
        if (rows.length === 0) return 0;
        const ids = rows.map((r) => r.id);
        const jobs: { ids: string[] }[] = [];
        for (let i = 0; i < ids.length; i += PER_JOB) jobs.push({ ids: ids.slice(i, i + PER_JOB) });
        await queue.sendInTransaction(tx, DELIVER_EMAIL, jobs);
        await tx.update(emailOutbox).set({ enqueuedAt: new Date() }).where(inArray(emailOutbox.id, ids));
        return rows.length;
      });
      queued += batch;
      if (batch < 200) return queued;
    }
  }

  /**
   * The job: claim its rows, send each (or keep them all without SMTP), and record what happened. `{ id }`
   * is a job queued before batches (one row). Every result is recorded only on rows this delivery still
   * holds (status "sending" with its own claim time), so a delivery that lost its claim cannot overwrite
   * what another one did.
   */
  async function deliver(job: { ids: string[] } | { id: string }, { lastTry }: { lastTry: boolean }) {
    const ids = "ids" in job ? job.ids : [job.id];
    if (ids.length === 0) return;
    let claimedAt = new Date(now());
    const claimed = await db
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
    if (claimed.length === 0) return; // sent, failed, kept, or in another delivery's hands
    /** The rows among `rowIds` this delivery still holds. */
    const mine = (rowIds: string[]) =>
      and(inArray(emailOutbox.id, rowIds), eq(emailOutbox.status, "sending"), eq(emailOutbox.claimedAt, claimedAt));
    if (!transport) {
      await db
        .update(emailOutbox)
        .set({ status: "kept", lastError: NOT_SENT })
        .where(mine(claimed.map((r) => r.id)));
      for (const row of claimed) {
        const email = renderRow(row, { publicUrl, secret });
        log(
          `email kept (no SMTP_URL) to ${row.toAddress}: ${email.subject}${email.firstLink ? ` ${email.firstLink}` : ""}`,
        );
      }
      return;
    }
    const started = claimedAt.getTime();
    // Every write of this delivery comes after the one before it, so a renewal never moves the claim under a
    // result being recorded (each reads the claim when it runs).
    let writes: Promise<unknown> = Promise.resolve();
    const serially = <T>(write: () => Promise<T>): Promise<T> => {
      const next = writes.then(write);
      writes = next.catch(() => {});
      return next;
    };
    let sent: string[] = []; // sent, not yet recorded
    const settled = new Set<string>(); // recorded as sent, failed or back to waiting, or taken by another
    let retry: unknown;
    let tried = 0;
    // Given back to waiting after the job expired (a very slow batch), its rows need a new job: the job's
    // retry came and went while this delivery still held them. The relay queues them again within a minute.
    const requeue = () => (now() - started > CLAIM_SECONDS * 1000 ? { enqueuedAt: null } : {});
    const recordSentNow = async () => {
      if (sent.length === 0) return;
      const recording = [...sent]; // a copy: an email sent while this is written joins `sent`, not this write
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(now()), lastError: null })
        .where(mine(recording));
      for (const id of recording) settled.add(id);
      sent = sent.filter((id) => !recording.includes(id));
    };
    const recordSent = () => serially(recordSentNow);
    const giveBack = (rowIds: string[], error: unknown) =>
      serially(async () => {
        if (rowIds.length === 0) return;
        await db
          .update(emailOutbox)
          .set({ status: "pending", lastError: describe(error), ...requeue() })
          .where(mine(rowIds));
        for (const id of rowIds) settled.add(id); // only once it is: one whose update failed is given back later
      });
    const fail = (id: string, error: unknown) =>
      serially(async () => {
        await db
          .update(emailOutbox)
          .set({ status: "failed", lastError: describe(error) })
          .where(mine([id]));
        settled.add(id);
      });
    /** Once the claim is a quarter of its life old: what was sent is recorded, and the claim on the rest starts again. */
    const renewIfDue = () =>
      serially(async () => {
        if (now() - claimedAt.getTime() <= RENEW_AFTER_MS) return;
        await recordSentNow();
        const rest = claimed.map((r) => r.id).filter((id) => !settled.has(id) && !sent.includes(id));
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
      });
    const renewal = setInterval(() => void renewIfDue().catch(() => {}), renewCheckMs);
    try {
      for (const row of claimed) {
        // A server that failed one (down, refusing for now) would fail the rest, each after its timeout:
        // they go back to waiting for the job's next try.
        if (retry) break;
        await renewIfDue();
        tried++;
        if (settled.has(row.id)) continue;
        let email: ReturnType<typeof renderRow>;
        try {
          email = renderRow(row, { publicUrl, secret });
        } catch (error) {
          // A row that cannot be composed (a bug) fails alone, shown on Email delivery with why, instead of
          // failing its batch at every try.
          await fail(row.id, error);
          continue;
        }
        try {
          await transport.send({
            from,
            to: row.toAddress,
            subject: email.subject,
            html: email.html,
            text: email.text,
            messageId: row.messageId ?? `<${row.id}@${host}>`,
            headers: email.headers,
          });
          sent.push(row.id);
        } catch (error) {
          if (lastTry || permanent(error)) {
            await fail(row.id, error); // nothing left for the queue to retry
          } else {
            await giveBack([row.id], error);
            retry ??= error;
          }
        }
      }
      await recordSent();
      // Their claim counts as a try: the batch's failure is theirs too (a server down for every one).
      await giveBack(
        claimed
          .slice(tried)
          .map((r) => r.id)
          .filter((id) => !settled.has(id)),
        retry,
      );
    } catch (error) {
      // Something other than the mail server failed mid-way (the database): what is known is recorded at once
      // — the sent ones as sent, the rest as waiting — so that the job's next try takes the rest. Left claimed,
      // they waited for the relay's sweep: a retry before the claim lapses finds nothing to take, and completes.
      const waiting = claimed.map((r) => r.id).filter((id) => !settled.has(id) && !sent.includes(id));
      // The database still failing: the claims lapse, and a later try or the relay takes them.
      await Promise.all([recordSent().catch(() => {}), giveBack(waiting, error).catch(() => {})]);
      throw error;
    } finally {
      clearInterval(renewal);
    }
    if (retry) throw retry; // the queue tries again later, for the rows left pending
  }

  queue.define(DELIVER_EMAIL, deliver, {
    retryLimit: 8,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: CLAIM_SECONDS,
    // Sending is mostly waiting for the mail server: two workers keep a burst moving while one waits.
    workers: 2,
  });
  // Rows a crash left without a job (the commit happened, the relay did not run).
  queue.define(RELAY_EMAILS, async () => void (await relay()), { cron: "* * * * *", retryLimit: 0 });

  return { relay, deliver };
}

export type Delivery = ReturnType<typeof createDelivery>;
