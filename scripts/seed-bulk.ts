/**
 * Fills the catalogue with N realistic adverts, for benchmarks and EXPLAIN work, and 2,000 buyers with
 * 50 favourites each:
 *   npm run seed:bulk -- 1000000
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: the folder is locked).
 */
import { openDatabase } from "../db/client.ts";
import { seedBulk, seedBulkFavourites } from "../seed/bulk.ts";
import { loadConfig } from "../server/config.ts";
import { loadEnvFile } from "../server/env-file.ts";
import { createServices } from "../server/services.ts";

const total = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(total) || total < 1) {
  console.error("Usage: npm run seed:bulk -- <number of adverts>");
  process.exit(2);
}
loadEnvFile();
const config = loadConfig();
const database = await openDatabase(config.database);
const started = Date.now();
const core = createServices(config, database);
await seedBulk(core, total, console.log);
await seedBulkFavourites(core, { people: 2_000, perPerson: 50 });
console.log("2,000 buyers with 50 favourites each");
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
await database.close();
