/**
 * Conversations at scale: `npm run bench:conversations -- [--conversations 100000] [--messages 10] [--duration 10]`
 * A fresh database on DATABASE_URL's PostgreSQL server with 100,000 adverts and `conversations` conversations
 * of `messages` messages each (1 M by default), the production build on 127.0.0.1, and autocannon at 10 and
 * 50 connections, signed in as a person who is the buyer in 30 conversations and the seller in 30: the inbox
 * (its first page and the next), the unread count, and a conversation (JSON). The target: p99 < 30 ms at 50
 * connections. Writes bench/results/<date>-conversations-postgres.md. `--reuse` measures again on the last run's data
 * (the last run on the same `--port`, default 3403).
 */
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";
import { seedBulk } from "../seed/bulk.ts";
import { seedConversationsBulk } from "../seed/bulk-conversations.ts";
import { loadConfig } from "../server/config.ts";
import { createServices } from "../server/services.ts";
import { buyerCookies } from "./booking-load.ts";
import { answers, argument, buildIfStale, SERVER_ENTRY, startNode, stop } from "./processes.ts";

buildIfStale();
const conversations = Number(argument("conversations", "100000"));
const messagesEach = Number(argument("messages", "10"));
const duration = Number(argument("duration", "10"));
const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = "bench-secret-bench-secret-bench-secret-00";
const APP_PORT = Number(argument("port", "3403"));
const base = `http://127.0.0.1:${APP_PORT}`;

// Named after the port, as bench/run.ts names its databases, so two runs on one machine do not meet.
const NAME = `relaptop_bench_conversations_${APP_PORT}`;
// --reuse: measure again on the database the last run seeded (seeding a million messages takes minutes).
const reuse = process.argv.includes("--reuse");
const url = reuse
  ? Object.assign(new URL(adminUrl), { pathname: `/${NAME}` }).toString()
  : (await createScratchDatabase(adminUrl, NAME)).url;
const env = { DATA_DIR: "/tmp/relaptop-bench-conversations", DATABASE_URL: url, AUTH_SECRET: SECRET };
const database = await openDatabase(loadConfig(env).database);
const core = createServices(loadConfig(env), database);
const started = Date.now();
if (!reuse) {
  await seedBulk(core, Math.max(100_000, conversations));
  await seedConversationsBulk(core, { conversations, messagesEach });
}
const seeded = `${conversations.toLocaleString("en-US")} conversations, ${(conversations * messagesEach).toLocaleString("en-US")} messages, ${reuse ? "from the last run" : `seeded in ${Math.round((Date.now() - started) / 1000)} s`}`;
console.log(seeded);

// This machine's ceiling first, alone: one indexed 24-row SELECT through the app's database layer
// (bench/ceiling-server.ts, as bench/run.ts measures it), so figures can be read against the machine.
const ceilingRows: string[] = [];
// The ceiling's p99 at each number of connections: each scenario's is read against it (a slower or busier
// machine moves both).
const ceilingP99 = new Map<number, number>();
const ceiling = startNode(["bench/ceiling-server.ts"], APP_PORT + 1, env);
try {
  if (!(await answers(`http://127.0.0.1:${APP_PORT + 1}/bare`))) throw new Error("the ceiling server did not start");
  for (const connections of [10, 50]) {
    const r = await autocannon({ url: `http://127.0.0.1:${APP_PORT + 1}/query`, connections, duration });
    ceilingP99.set(connections, r.latency.p99);
    ceilingRows.push(
      `| ceiling: 24-row query | ${connections} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts + r.non2xx} | — |`,
    );
  }
} finally {
  await stop(ceiling);
}

const app = startNode([SERVER_ENTRY], APP_PORT, {
  ...env,
  LOG_LEVEL: "warn",
  SEED_DEMO: "false",
  PUBLIC_URL: base,
  SIGNUPS_PER_HOUR: "1000",
});
const rows: string[] = [];
try {
  if (!(await answers(`${base}/healthz`))) throw new Error("the app did not start");
  const [cookie = ""] = await buyerCookies(base, 1);
  const me = ((await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { id: string }).id;
  // The signed-in person takes over 30 conversations as their buyer, and 30 as their seller.
  const take = (side: "buyer_id" | "seller_id", offset: number) =>
    database.db.execute(sql`
      with picked as (
        select id, ${sql.raw(side)} as old from conversations order by id offset ${offset} limit 30
      ), moved as (
        update conversations c set ${sql.raw(side)} = ${me} from picked where c.id = picked.id returning c.id, picked.old
      )
      update messages m set sender_id = ${me} from moved where m.conversation_id = moved.id and m.sender_id = moved.old`);
  await take("buyer_id", 0);
  await take("seller_id", 1000);
  await database.db.execute(sql`update users set role = 'seller' where id = ${me}`);
  await database.db.execute(sql`analyze conversations`);
  const inbox = (await (await fetch(`${base}/api/conversations`, { headers: { cookie } })).json()) as {
    items: { id: string }[];
    next: string;
  };
  const one = inbox.items[0]?.id;
  const scenarios: [string, string][] = [
    ["inbox, first page (JSON)", `${base}/api/conversations`],
    ["inbox, second page (JSON)", `${base}/api/conversations?cursor=${inbox.next}`],
    ["unread messages (JSON)", `${base}/api/conversations/unread-count`],
    ["a conversation (JSON)", `${base}/api/conversations/${one}`],
  ];
  // Warm up first, discarded: the first scenario measured otherwise pays for the JIT and for the pool's
  // connections opening and preparing their statements (it read 1.7x slower than the same query paged).
  for (const [, target] of scenarios)
    await autocannon({ url: target, connections: 50, duration: 3, headers: { cookie } });
  for (const connections of [10, 50]) {
    for (const [label, target] of scenarios) {
      const r = await autocannon({ url: target, connections, duration, headers: { cookie } });
      const errors = r.errors + r.timeouts + r.non2xx;
      const ratio = (r.latency.p99 / (ceilingP99.get(connections) || 1)).toFixed(1);
      rows.push(
        `| ${label} | ${connections} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${errors} | ${ratio}× |`,
      );
      console.log(`${connections} conns · ${label}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`);
    }
  }
} finally {
  await stop(app);
  await database.close();
}

const date = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
const report = [
  `# Conversations benchmark ${date}`,
  "",
  `PostgreSQL (DATABASE_URL's server), production build, ${seeded}; signed in (never cached), ${duration} s per measurement, autocannon on the same machine (${os.cpus().length} cores). Target: p99 < 30 ms at 50 connections.`,
  "",
  "| scenario | conns | req/s | p50 ms | p99 ms | errors | p99 vs ceiling's |",
  "|---|---:|---:|---:|---:|---:|---:|",
  ...ceilingRows,
  ...rows,
  "",
].join("\n");
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(`bench/results/${date}-conversations-postgres.md`, report);
console.log(`\n${report}`);
