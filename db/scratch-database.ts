import pg from "pg";

/**
 * A fresh database `name` on the PostgreSQL server at `serverUrl`, for the integration tests, the
 * benchmarks and the drills: empty, or a copy of `template` (a database no one is connected to); its
 * address, and how to drop it (open connections included).
 */
export async function createScratchDatabase(serverUrl: string, name: string, { template }: { template?: string } = {}) {
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
