import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it } from "vitest";
import { statementsTakeTurns } from "../../db/pglite-turns.ts";

/**
 * Statements queued on PGlite at once, and a timer set as they are: how many had run when the timer fired. The
 * timer fires at the event loop's next turn, which is also when a waiting connection would be accepted.
 */
async function statementsBeforeTheLoopTurns(client: PGlite, statements = 30) {
  let ran = 0;
  const queued = Array.from({ length: statements }, () =>
    client.query("select count(*) from generate_series(1, 100000)").then(() => ran++),
  );
  const whenTheLoopTurned = new Promise<number>((resolve) => setTimeout(() => resolve(ran), 0));
  await Promise.all(queued);
  return { atTheTurn: await whenTheLoopTurned, ran };
}

describe("PGlite's statements and the event loop", () => {
  let client: PGlite | undefined;
  afterEach(async () => {
    await client?.close();
  });

  it("left as it is, a queue of statements runs in one turn: nothing else is served meanwhile", async () => {
    client = await PGlite.create();
    expect(await statementsBeforeTheLoopTurns(client)).toEqual({ atTheTurn: 30, ran: 30 });
  });

  it("taking turns, the loop turns while the queue runs, and every statement still runs", async () => {
    client = await PGlite.create();
    statementsTakeTurns(client);
    const { atTheTurn, ran } = await statementsBeforeTheLoopTurns(client);
    expect(ran).toBe(30);
    expect(atTheTurn).toBeLessThan(10);
  });
});
