/**
 * Mail outage: the SMTP server is down (30 s; 5 s short) while 100 notifying events happen (bookings, each
 * telling the laptop's seller) — the requests answer at once, and when the server is back every email arrives
 * exactly once (one per outbox row, no duplicate Message-ID).
 */
import { startSmtpServer } from "../../tests/support/smtp.ts";
import { until } from "../processes.ts";
import {
  booking,
  buyer,
  check,
  type Database,
  embedded,
  healthy,
  laptops,
  postgres,
  startServer,
  stop,
} from "./support.ts";

const EVENTS = 100;
const PER_BUYER = 10; // a buyer may hold at most 10 live bookings
/** One app server per database (3508 is the workers drill's). */
const MAIL_PORTS = [3507, 3509];

export async function mailOutageDrill({ short }: { short: boolean }) {
  const outageMs = short ? 5_000 : 30_000;
  const databases = [embedded(), await postgres("mail")];
  // Both databases at once, each with its own server and SMTP server: most of the drill is waiting for the
  // queue's retry once the mail server is back.
  await Promise.all(databases.map((db, i) => outage(db, MAIL_PORTS[i] as number, outageMs, short)));
}

async function outage(db: Database, port: number, outageMs: number, short: boolean) {
  console.log(`mail outage: SMTP down ${outageMs / 1000} s during ${EVENTS} bookings, on ${db.name}`);
  const smtp = await startSmtpServer();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({ ...db.env, SMTP_URL: smtp.url }, port);
  // Whatever fails on the way, nothing is left running for the next drill.
  try {
    check(await healthy(port), `the server starts on ${db.name}`);
    const forSale = await laptops(base);
    const buyers = await Promise.all(Array.from({ length: EVENTS / PER_BUYER }, (_, i) => buyer(base, `mail${i}`)));

    await smtp.stop();
    const before = smtp.received.length;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: EVENTS }, (_, i) => {
        const who = buyers[Math.floor(i / PER_BUYER)];
        const advertId = forSale[i % PER_BUYER]; // ten laptops, each booked by every buyer
        return who ? who("POST", "/api/orders", booking(advertId)) : Promise.resolve({ status: 0, json: null });
      }),
    );
    const tookMs = Date.now() - started;
    const booked = answers.filter((a) => a.status === 201).length;
    check(
      booked === EVENTS,
      `${db.name}: every booking is answered while mail is down (${booked} of ${EVENTS} booked)`,
    );
    check(tookMs < outageMs + 30_000, `${db.name}: the bookings are not held up by the mail server (${tookMs} ms)`);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageMs - (Date.now() - started))));
    await smtp.start();
    const arrived = await until(async () => smtp.received.length - before >= booked, short ? 90_000 : 240_000);
    const mails = smtp.received.slice(before);
    const ids = mails.map((m) => m.messageId);
    check(arrived, `${db.name}: every email arrives once the server is back (${mails.length} of ${booked})`);
    check(
      new Set(ids).size === ids.length,
      `${db.name}: no email arrives twice (${ids.length - new Set(ids).size} duplicates)`,
    );
  } finally {
    await stop(server);
    await smtp.stop().catch(() => {}); // already stopped when the drill failed during the outage
    await db.drop();
  }
}
