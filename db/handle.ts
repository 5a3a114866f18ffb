import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.ts";

/** The database as every domain reads and writes it, on PGlite or PostgreSQL alike (opened by db/client.ts). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as the database. Domain rules take `Db | Tx`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
