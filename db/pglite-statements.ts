import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

/** Statements kept prepared by name at once; the least recently used is closed when one more is needed. */
const NAMED = 200;
/** Statements whose parameters' types are remembered (a few bytes each). */
const DESCRIBED = 1_000;

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;
type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];
/** What a statement's description says: its parameters' types and its rows' description (none for a write). */
type Described = { paramTypes: number[]; rows: BackendMessage[] };
type Handler = { query: Query };
/** Drizzle's session, as far as this module reaches into it: the statements `.prepare(name)` makes. */
type Session = {
  prepareQuery: (query: unknown, fields: unknown, name: string | undefined, ...rest: unknown[]) => object;
};
/** PGlite's converters, public in all but its types. */
type Internals = PGlite & {
  parsers: Record<number, (value: string, typeId: number) => unknown>;
  serializers: Record<number, (value: unknown) => string>;
};
const { serialize } = protocol;

/**
 * Statements with parameters sent to the embedded database in one call each, and those the code prepares by name
 * (drizzle's `.prepare(name)`, `preparedOnce`) kept prepared by name, as node-postgres keeps them on a
 * PostgreSQL connection.
 *
 * PGlite's `query` makes five calls into its WebAssembly for every statement, each awaited — parse, describe the
 * statement, bind, describe the result, execute — on the app's one thread, and drizzle's PGlite driver drops
 * the name a statement was prepared under, so each was also parsed and planned again. A page of favourites' two
 * statements took 5.0 ms sent so, and 1.9 ms prepared (docs/benchmarks.md, "Statements on the embedded
 * database"). Now a statement's parameters' types are remembered by its text, and it is sent as one message:
 * parse, bind, describe its rows and execute, unnamed and so planned for its values, as on PostgreSQL; one
 * prepared by name is parsed once and then bound and executed, and PostgreSQL plans it as any prepared statement
 * (its own plan for its first five runs, then the generic plan where that costs no more) — the same statements
 * as on PostgreSQL, so the same plans: what the code leaves unnamed because a generic plan would be wrong for
 * it (a search's counts with words, core/catalogue/facets.ts) stays unnamed here. The answers are read by
 * PGlite's own parser. Statements without parameters (migrations, `BEGIN`), COPY with a blob and a caller
 * listening for notices go PGlite's own way.
 */
export function statementsInOneCall(db: object, client: PGlite, bounds?: { named: number; described: number }) {
  // A client shared by two drizzle handles is wrapped once; each handle's prepared statements are named on it.
  const byName = wrapped.get(client) ?? inOneCall(client, bounds);
  wrapped.set(client, byName);
  // Drizzle's prepared query asks its `client` to run it each time (drizzle-orm/pglite/session.js).
  const session = (db as { session: Session }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    const statement = prepareQuery(query, fields, name, ...rest);
    if (name) Object.assign(statement, { client: byName });
    return statement;
  };
}

const wrapped = new WeakMap<PGlite, Handler>();

/** Wraps the client's `query` and its transactions' (see statementsInOneCall); answers the one for named statements. */
function inOneCall(client: PGlite, { named = NAMED, described = DESCRIBED } = {}): Handler {
  const pg = client as Internals;
  const prepared = new Map<string, Described & { name: string }>();
  const descriptions = new Map<string, number[]>();
  let counter = 0;

  const send = (...messages: Uint8Array[]) => pg.execProtocolStream(Buffer.concat(messages), { syncToFs: false });
  const describe = async (name: string, text: string): Promise<Described> => {
    const answer = await send(
      serialize.parse({ name, text }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    );
    return {
      paramTypes: parse.parseDescribeStatementResults(answer),
      rows: answer.filter((m) => m.name === "rowDescription"),
    };
  };
  /** Most recently used last, so that a map's first entry is the one to let go of. */
  const touch = <T>(map: Map<string, T>, key: string, value: T) => {
    map.delete(key);
    map.set(key, value);
  };

  /** Runs a statement (the statement lock held), by the name it is prepared under when `byName`. */
  async function run(text: string, params: unknown[], options: QueryOptions | undefined, byName: boolean) {
    let statement: Described & { name: string };
    let parsing: Uint8Array[] = [];
    let describing: Uint8Array[] = [];
    const kept = byName ? prepared.get(text) : undefined;
    if (kept) {
      statement = kept;
      touch(prepared, text, kept);
    } else if (byName) {
      if (prepared.size >= named) {
        const [oldest, entry] = prepared.entries().next().value as [string, { name: string }];
        prepared.delete(oldest);
        await send(serialize.close({ type: "S", name: entry.name }), serialize.sync());
      }
      const name = `relaptop_${++counter}`;
      statement = { name, ...(await describe(name, text)) };
      prepared.set(text, statement);
    } else {
      // Unnamed, so planned for its values; its rows described afresh in the same call (the text's rows may
      // change with the schema), its parameters' types remembered to write the values before it is bound.
      let paramTypes = descriptions.get(text);
      if (paramTypes) {
        touch(descriptions, text, paramTypes);
        parsing = [serialize.parse({ text })];
      } else {
        // Parsed and described now; bound below, before anything else can parse.
        paramTypes = (await describe("", text)).paramTypes;
        if (descriptions.size >= described) descriptions.delete(descriptions.keys().next().value as string);
        descriptions.set(text, paramTypes);
      }
      statement = { name: "", paramTypes, rows: [] };
      describing = [serialize.describe({ type: "P" })];
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] as number;
      const write = options?.serializers?.[type] ?? pg.serializers[type];
      return write ? write(value) : String(value);
    });
    const answer = await send(
      ...parsing,
      serialize.bind({ statement: statement.name, values }),
      ...describing,
      serialize.execute({}),
      serialize.sync(),
    );
    // Read as PGlite reads its own answers; a named statement's rows as described when it was prepared (PostgreSQL
    // refuses to run it should they change).
    return parse.parseResults([...statement.rows, ...answer], pg.parsers, options)[0] as Results;
  }

  /** What PGlite's own `query` keeps: no parameters, COPY with a blob, given types, a caller listening for notices. */
  const ownWay = (params: unknown[], options: QueryOptions | undefined) =>
    params.length === 0 || options?.blob !== undefined || options?.paramTypes || options?.onNotice;
  /** `outside`: a statement of no transaction, which waits for the one under way to end, as PGlite's own do. */
  const inOneCallOr =
    (own: Query, outside: boolean, byName = false): Query =>
    async (text, params = [], options) => {
      if (ownWay(params, options)) return own(text, params, options);
      try {
        if (!outside) return await pg._runExclusiveQuery(() => run(text, params, options, byName));
        await pg._checkReady();
        return await pg._runExclusiveTransaction(() =>
          pg._runExclusiveQuery(async () => {
            const result = await run(text, params, options, byName);
            // As PGlite's own: outside a transaction its files are written through (a no-op on a folder).
            await pg.syncToFs();
            return result;
          }),
        );
      } catch (error) {
        // The statement's text and values on its error, as PGlite's own query adds them.
        if (error && typeof error === "object" && "severity" in error) {
          Object.assign(error, { query: text, params, queryOptions: options });
        }
        throw error;
      }
    };

  const own = client.query.bind(client) as Query;
  client.query = inOneCallOr(own, true) as PGlite["query"];
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(work: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const itsOwn = tx.query.bind(tx) as Query;
      const inIt = inOneCallOr(itsOwn, false);
      // The transaction's own refusal once it has ended comes first.
      const query: Query = (text, params, options) =>
        tx.closed ? itsOwn(text, params, options) : inIt(text, params, options);
      return work(Object.assign(tx, { query }));
    })) as PGlite["transaction"];

  return { query: inOneCallOr(own, true, true) };
}
