import { and, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { CLAIM_SECONDS, claimRows } from "./claim.ts";
import { renderEmail } from "./email-layout.ts";
import { KINDS, type NotificationKind } from "./kinds.ts";
import type { MailTransport } from "./transport.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

export const DELIVER_EMAIL = "email.deliver";
export const RELAY_EMAILS = "email.relay";

/** How often a delivery checks its claim while an email is being sent (see claim.ts). */
const RENEW_CHECK_MS = 5_000;
/** A queued row untouched this long lost its job (the longest backoff is 10 minutes, doubled by jitter). */
const LOST_AFTER_MS = 30 * 60_000;
/** Emails one delivery job carries: one claim and one result for all of them, not a job each. */
const PER_JOB = 25;
/**
 * How long an email may wait for a moment when its process serves no request (core/jobs/queue.ts): on
 * shared cores, sending while buyers wait costs them (docs/benchmarks.md); at the latest this long after it
 * was queued, it goes anyway.
 */
export const GIVES_WAY_SECONDS = 30;

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

/**
 * Delivering the outbox: "deliver email" jobs of up to 25 rows each, queued after the commit that wrote
 * them (the relay), retried with exponential backoff, and each email sent at most once per claim: a
 * delivery first claims its rows (pending → sending) in one statement, so two jobs for one row never both
 * send it, and records the sent ones in one statement more. A slow batch renews its claim as it goes, so the
 * job's retry after its expiry does not take rows it is still sending. A job whose emails could not all go is
 * retried for those alone (the sent ones are no longer pending). Only an unknown outcome (the process died
 * mid-send) can send twice, and then with the same Message-ID. Batches keep a sale's three emails from
 * costing a dozen commits (see docs/benchmarks.md).
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
   * The job: claim its rows, send each (or keep them all without SMTP), and record what happened through the
   * claim (claim.ts). `{ id }` is a job queued before batches (one row).
   */
  async function deliver(job: { ids: string[] } | { id: string }, { lastTry }: { lastTry: boolean }) {
    const ids = "ids" in job ? job.ids : [job.id];
    if (ids.length === 0) return;
    const held = await claimRows({ db, ids, host, now });
    if (!held) return; // sent, failed, kept, or in another delivery's hands
    const { rows: claimed, claim } = held;
    if (!transport) {
      await claim.keep(NOT_SENT);
      for (const row of claimed) {
        const email = renderRow(row, { publicUrl, secret });
        log(
          `email kept (no SMTP_URL) to ${row.toAddress}: ${email.subject}${email.firstLink ? ` ${email.firstLink}` : ""}`,
        );
      }
      return;
    }
    let retry: unknown;
    let tried = 0;
    const renewal = setInterval(() => void claim.renewIfDue().catch(() => {}), renewCheckMs);
    try {
      for (const row of claimed) {
        // A server that failed one (down, refusing for now) would fail the rest, each after its timeout:
        // they go back to waiting for the job's next try.
        if (retry) break;
        await claim.renewIfDue();
        tried++;
        if (claim.isSettled(row.id)) continue;
        let email: ReturnType<typeof renderRow>;
        try {
          email = renderRow(row, { publicUrl, secret });
        } catch (error) {
          // A row that cannot be composed (a bug) fails alone, shown on Email delivery with why, instead of
          // failing its batch at every try.
          await claim.fail(row.id, error);
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
          claim.sent(row.id);
        } catch (error) {
          if (lastTry || permanent(error)) {
            await claim.fail(row.id, error); // nothing left for the queue to retry
          } else {
            await claim.giveBack([row.id], error);
            retry ??= error;
          }
        }
      }
      await claim.recordSent();
      // Their claim counts as a try: the batch's failure is theirs too (a server down for every one).
      await claim.giveBack(
        claimed
          .slice(tried)
          .map((r) => r.id)
          .filter((id) => !claim.isSettled(id)),
        retry,
      );
    } catch (error) {
      // Something other than the mail server failed mid-way (the database): what is known is recorded at once
      // — the sent ones as sent, the rest as waiting — so that the job's next try takes the rest. Left claimed,
      // they waited for the relay's sweep: a retry before the claim lapses finds nothing to take, and completes.
      // The database still failing: the claims lapse, and a later try or the relay takes them.
      await Promise.all([claim.recordSent().catch(() => {}), claim.giveBack(claim.open(), error).catch(() => {})]);
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
    givesWaySeconds: GIVES_WAY_SECONDS,
  });
  // Rows a crash left without a job (the commit happened, the relay did not run).
  queue.define(RELAY_EMAILS, async () => void (await relay()), { cron: "* * * * *", retryLimit: 0 });

  return { relay, deliver };
}

export type Delivery = ReturnType<typeof createDelivery>;
