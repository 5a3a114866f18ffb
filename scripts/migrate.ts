/**
 * Brings the database's schema up to date and exits: `npm run db:migrate`, for deploys that migrate in a
 * step of their own before starting the app. The app migrates at start as well, under the same advisory
 * lock, so running both (or many app processes at once) is safe.
 */
import { openDatabase } from "../db/client.ts";
import { ConfigError, loadConfig } from "../server/config.ts";

try {
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase(config.database);
  await database.close();
  console.log(`The database schema is up to date (${Date.now() - started} ms).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
