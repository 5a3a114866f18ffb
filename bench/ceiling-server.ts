/**
 * The ceilings the benchmark compares against, on the same machine and pool size as the app:
 * a bare Fastify JSON route, and one indexed 24-row SELECT through a pg pool.
 */
import { fastify } from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = fastify();
app.get("/bare", async () => ({ ok: true }));
app.get("/query", async () => {
  const { rows } = await pool.query(
    `select id, name, resale_price_cents from adverts where status = 'available'
     order by created_at desc nulls last, id desc nulls last limit 24`,
  );
  return { items: rows };
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
