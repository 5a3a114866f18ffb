/**
 * The ceilings the benchmark compares against, on the same machine and through the app's own database
 * layer (same pool size, or the same embedded database): a bare Fastify JSON route, and one indexed
 * 24-row SELECT.
 */
import { sql } from "drizzle-orm";
import { fastify } from "fastify";
import { openDatabase } from "../db/client.ts";
import { loadConfig } from "../server/config.ts";

const config = loadConfig();
const { db } = await openDatabase(config.database);
const app = fastify();
app.get("/bare", async () => ({ ok: true }));
app.get("/query", async () => {
  const { rows } = (await db.execute(
    sql.raw(`select id, name, resale_price_cents from adverts where status = 'available'
     order by created_at desc nulls last, id desc nulls last limit 24`),
  )) as unknown as { rows: unknown[] };
  return { items: rows };
});
await app.listen({ port: config.port, host: "127.0.0.1" });
