import { describe, expect, it } from "vitest";
import { createCatalogue } from "../../core/catalogue/index.ts";
import { openDatabase } from "../../db/client.ts";
import { createScratchDatabase } from "../../db/scratch-database.ts";
import { parseSearch } from "../../schemas/search.ts";

/**
 * DATABASE_POOL_SIZE and DATABASE_PREPARED_STATEMENTS=false: behind a pooler in transaction mode that
 * cannot keep named statements, the search (which prepares its query by name) names none. PostgreSQL only.
 */
describe.skipIf(process.env.TEST_DATABASE !== "postgres")("behind a pooler", () => {
  it.each([
    [true, ["search_newest_"]],
    [false, []],
  ])("with prepared statements %s, the search leaves %j named on its connection", async (prepared, names) => {
    const scratch = await createScratchDatabase(
      process.env.DATABASE_URL as string,
      `relaptop_test_pooler_${process.pid}_${prepared}`,
    );
    // One connection, so the statement names seen afterwards are the search's own.
    const database = await openDatabase({
      kind: "postgres",
      url: scratch.url,
      poolSize: 1,
      preparedStatements: prepared,
    });
    try {
      const catalogue = createCatalogue({ db: database.db });
      await catalogue.search(parseSearch(new URLSearchParams("sort=newest")));
      await catalogue.search(parseSearch(new URLSearchParams("sort=newest")));
      const { rows } = await (database.pool as NonNullable<typeof database.pool>).query<{ name: string }>(
        "select name from pg_prepared_statements",
      );
      expect(rows.map((r) => r.name.replace(/(search_newest_).*/, "$1"))).toEqual(names);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
