import { aliasedTable, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledRows } from "../../db/compiled-rows.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { createUser } from "../../seed/factories.ts";
import { signedInPerson } from "../support/people.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * The rows of a prepared select mapped by the mapper worked out once (db/compiled-rows.ts) are the rows
 * drizzle's own mapper gives, for every kind of field: columns of each type, expressions with and without
 * a decoder, aliased expressions, nested objects, and a left-joined table with no row (null).
 */
describe("rows mapped by a compiled mapper", () => {
  let t: TestApp;
  const same = aliasedTable(users, "same");
  const query = (name: string) =>
    t.db
      .select({
        id: users.id,
        role: users.role,
        verified: users.verified,
        createdAt: users.createdAt,
        deactivatedAt: users.deactivatedAt,
        answer: sql<number>`21 * 2`.mapWith(Number),
        shout: sql<string>`upper(${users.name})`.as("shout"),
        undecoded: sql<string>`${users.email}`,
        session: { token: sessions.token, expiresAt: sessions.expiresAt },
        itself: { id: same.id, name: same.name },
      })
      .from(users)
      .innerJoin(same, eq(same.id, users.id))
      .leftJoin(sessions, eq(sessions.userId, users.id))
      .where(sql`${users.email} in (${sql.placeholder("a")}, ${sql.placeholder("b")})`)
      .orderBy(users.email)
      .prepare(name);

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives the rows drizzle's own mapper gives", async () => {
    const signedIn = await signedInPerson(t);
    const never = await createUser(t, { name: "Never Signed", email: "never@x.test", role: "seller" });
    // Signing up signed it in: without a session, its left-joined session is null.
    await t.db.delete(sessions).where(eq(sessions.userId, never.id));
    const values = { a: signedIn.email, b: never.email };

    const drizzles = await query("compiled_rows_drizzle").execute(values);
    const compiled = await compiledRows(query("compiled_rows_compiled")).execute(values);

    expect(compiled).toEqual(drizzles);
    const [withSession, without] = [
      compiled.find((r) => r.id === signedIn.user.id),
      compiled.find((r) => r.id === never.id),
    ];
    expect(withSession).toMatchObject({
      answer: 42,
      shout: signedIn.user.name.toUpperCase(),
      undecoded: signedIn.email,
    });
    expect(withSession?.createdAt).toBeInstanceOf(Date);
    expect(withSession?.session?.expiresAt).toBeInstanceOf(Date);
    expect(without).toMatchObject({
      role: "seller",
      verified: false,
      deactivatedAt: null,
      session: null,
      shout: "NEVER SIGNED",
    });
    expect(without?.itself).toEqual({ id: never.id, name: "Never Signed" });
  });
});
