import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementsInOneCall } from "../../db/pglite-statements.ts";

const notes = pgTable("notes", {
  id: integer("id").primaryKey(),
  body: text("body").notNull(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
});

/** The statements PostgreSQL holds prepared by name in the session. */
async function kept(client: PGlite) {
  const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements");
  return rows[0]?.n;
}

async function database(bounds?: { named: number; described: number }) {
  const client = await PGlite.create();
  const db = drizzle({ client });
  if (bounds) statementsInOneCall(db, client, bounds);
  await client.exec("create table notes (id int primary key, body text not null, at timestamptz not null)");
  return { client, db };
}

/** The same prepared statements, as the code prepares them: a read, a write and a write that returns its row. */
function statementsOf(db: Awaited<ReturnType<typeof database>>["db"]) {
  return {
    read: db
      .select()
      .from(notes)
      .where(sql`${notes.id} = ${sql.placeholder("id")}`)
      .prepare("note"),
    add: db
      .insert(notes)
      .values({ id: sql.placeholder("id"), body: sql.placeholder("body"), at: sql.placeholder("at") })
      .returning()
      .prepare("add_note"),
    rename: db
      .update(notes)
      .set({ body: sql`${sql.placeholder("body")}` })
      .where(sql`${notes.id} = ${sql.placeholder("id")}`)
      .prepare("rename_note"),
  };
}

describe("statements on the embedded database in one call, and those prepared by name kept so", () => {
  let kept3: Awaited<ReturnType<typeof database>>;
  let plain: Awaited<ReturnType<typeof database>>;
  // Two PGlites starting on a busy machine take longer than a hook's default 10 s.
  beforeAll(async () => {
    [kept3, plain] = await Promise.all([database({ named: 3, described: 2 }), database()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([kept3.client.close(), plain.client.close()]);
  });

  it("answer as PGlite's own query does; those prepared by name stay prepared, the others do not", async () => {
    const at = new Date("2026-12-04T10:00:00.000Z");
    const answers = [];
    for (const { db } of [kept3, plain]) {
      const s = statementsOf(db);
      const added = await s.add.execute({ id: 1, body: "first", at });
      const renamed = await s.rename.execute({ id: 1, body: "changed" });
      const read = await s.read.execute({ id: 1 });
      const none = await s.read.execute({ id: 2 });
      // Statements without a name, described once and then sent in one call; the bound is 2, so the last
      // three push each other out.
      const adHoc = [];
      for (let i = 0; i < 3; i++) {
        adHoc.push(await db.select().from(notes).where(sql`${notes.id} = ${1}`));
        adHoc.push(await db.update(notes).set({ body: "changed" }).where(sql`${notes.id} = ${1}`));
      }
      for (let i = 0; i < 3; i++) adHoc.push(await db.select({ n: sql`${i}::int + ${i + 1}` }).from(notes));
      const inTransaction = await db.transaction(async (tx) => [
        await tx.select().from(notes).where(sql`${notes.id} = ${1}`),
        await tx.select().from(notes).where(sql`${notes.id} = ${1}`),
      ]);
      answers.push({
        added,
        affected: (renamed as { affectedRows?: number }).affectedRows,
        read,
        none,
        adHoc,
        inTransaction,
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.read).toEqual([{ id: 1, body: "changed", at }]);
    expect(await kept(kept3.client)).toBe(3);
    expect(await kept(plain.client)).toBe(0);
  });

  it("keep no more than the bound, closing the least recently used", async () => {
    const more = [4, 5, 6].map((n) =>
      kept3.db
        .select({ n: sql<number>`${sql.placeholder("n")}::int + ${sql.raw(String(n))}` })
        .from(sql`(select 1) as one`)
        .prepare(`plus_${n}`),
    );
    for (const [i, statement] of more.entries()) expect(await statement.execute({ n: i })).toEqual([{ n: i + 4 + i }]);
    expect(await kept(kept3.client)).toBe(3);
    // One closed before is prepared again when asked for.
    expect(await statementsOf(kept3.db).read.execute({ id: 1 })).toHaveLength(1);
    expect(await kept(kept3.client)).toBe(3);
  });

  it("report a failed statement with its code and text, and the next statements still run", async () => {
    const s = statementsOf(kept3.db);
    const failed = await s.add.execute({ id: 1, body: "again", at: new Date() }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ cause: { code: "23505", query: expect.stringContaining("insert into") } });
    const adHoc = await kept3.db
      .insert(notes)
      .values({ id: 1, body: "again", at: new Date() })
      .catch((e: unknown) => e);
    expect(adHoc).toMatchObject({ cause: { code: "23505" } });
    const unparsable = await kept3.client.query("select from where $1", [1]).catch((e: unknown) => e);
    expect(unparsable).toMatchObject({ code: "42601", query: "select from where $1" });
    expect(await s.read.execute({ id: 1 })).toMatchObject([{ body: "changed" }]);
    expect((await kept3.client.query("select body from notes where id = $1", [1])).rows).toEqual([{ body: "changed" }]);
  });

  it("run a transaction's statements in it: rolled back, they leave nothing; failed, the next one is clean", async () => {
    const { db } = kept3;
    await db
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: 5, body: "gone", at: new Date() });
        expect(await tx.select().from(notes).where(sql`${notes.id} = ${5}`)).toHaveLength(1);
        throw new Error("change of mind");
      })
      .catch(() => {});
    expect(await db.select().from(notes).where(sql`${notes.id} = ${5}`)).toEqual([]);
    await db
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: 1, body: "duplicate", at: new Date() });
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 6, body: "kept", at: new Date() });
    });
    expect(await db.select({ body: notes.body }).from(notes).where(sql`${notes.id} = ${6}`)).toEqual([
      { body: "kept" },
    ]);
  });

  it("wait outside a transaction under way, as PGlite's own statements do: never run inside it", async () => {
    const s = statementsOf(kept3.db);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const inTransaction = kept3.db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 7, body: "not yet", at: new Date() });
      await held;
      await tx.update(notes).set({ body: "done" }).where(sql`${notes.id} = ${7}`);
    });
    // Asked while the transaction is open: they must neither run inside it nor see its row before the commit.
    const outside = s.read.execute({ id: 7 });
    const adHoc = kept3.db.select().from(notes).where(sql`${notes.id} = ${7}`);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await inTransaction;
    expect(await outside).toMatchObject([{ body: "done" }]);
    expect(await adHoc).toMatchObject([{ body: "done" }]);
  });

  it("read an unnamed statement's rows as they are now, after the table changed", async () => {
    const rows = [];
    for (const { client } of [kept3, plain]) {
      const read = () => client.query("select * from notes where id = $1", [1]).then((r) => r.rows);
      await read();
      await client.exec("alter table notes add column pinned boolean not null default true");
      rows.push(await read());
      await client.exec("alter table notes drop column pinned");
    }
    expect(rows[0]).toEqual(rows[1]);
    expect(rows[0]).toMatchObject([{ id: 1, pinned: true }]);
  });

  it("pass notices to a caller listening for them", async () => {
    const heard: string[][] = [];
    for (const { client } of [kept3, plain]) {
      await client.exec(
        "create function shout(t text) returns int language plpgsql as $$ begin raise notice 'heard %', t; return 1; end $$",
      );
      const notices: string[] = [];
      await client.query("select shout($1)", ["one"], { onNotice: (notice) => notices.push(notice.message ?? "") });
      heard.push(notices);
    }
    expect(heard).toEqual([["heard one"], ["heard one"]]);
  });

  it("serve two drizzle handles on one client, each one's statements prepared by names of their own", async () => {
    const { client, db } = await database({ named: 3, described: 2 });
    try {
      await statementsOf(db).add.execute({ id: 1, body: "one", at: new Date() });
      const second = drizzle({ client });
      statementsInOneCall(second, client);
      expect(await statementsOf(second).read.execute({ id: 1 })).toMatchObject([{ body: "one" }]);
      expect(await statementsOf(db).read.execute({ id: 1 })).toMatchObject([{ body: "one" }]);
      expect(await kept(client)).toBe(2);
    } finally {
      await client.close();
    }
  }, 30_000);
});
