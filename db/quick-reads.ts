import type { Socket } from "node:net";
import pg from "pg";

/**
 * Where the short reads every signed-in request makes (its session, the top bar's counts, the inbox, a
 * conversation, the favourites) go on PostgreSQL: a connection per process (DATABASE_QUICK_READ_CONNECTIONS,
 * each read to the one with the fewest in flight) in pipeline mode, on which
 * the statements of every request in hand are sent together — one write per turn of the event loop,
 * however many requests asked — and answered in order. On a pool each statement took a connection, a
 * write and a wake-up of its own server process, and that was most of what a signed-in request cost
 * (a quarter of the app's CPU in `writev`: docs/decisions/0011-quick-reads-pipelined.md).
 *
 * The server runs one connection's statements one after another, so only reads that are quick by
 * construction (indexed, one page) belong here: anything slow would hold up every read behind it; and
 * only reads (a read the connection failed under is made again on the pool), never a write.
 * Transactions are never pipelined: drizzle takes a pool connection for one (`connect`), as on the pool.
 * The connection opens on the first read; until it is open, and while it is replaced after a failure, reads
 * go to the pool.
 * Drizzle treats this as a pool (its class name says so, which is what drizzle checks).
 */
export class QuickReadPool {
  private readonly lanes: Lane[];
  private readonly pool: pg.Pool;

  /**
   * `connections`: how many pipelined connections, each read going to the one with the fewest in flight;
   * `timeoutMs`: how long a read may go unanswered before its connection is taken for stuck.
   */
  constructor(url: string, pool: pg.Pool, connections: number, { timeoutMs = 5_000 } = {}) {
    this.pool = pool;
    this.lanes = Array.from({ length: connections }, () => new Lane(url, timeoutMs));
  }

  /** Opens the connections now rather than on the first read (for a test to know where its reads go). */
  async open(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.open()));
  }

  query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    let lane: Lane | null = null;
    for (const candidate of this.lanes) {
      if (!candidate.client) void candidate.open();
      else if (!lane || candidate.inFlight < lane.inFlight) lane = candidate;
    }
    if (!lane?.client) return this.pool.query(config, values);
    const { client } = lane;
    lane.inFlight++;
    writeTogether(client);
    return Promise.resolve()
      .then(() => client.query(config, values))
      .catch((error: unknown) => {
        if (!lostConnection(error, lane.client !== client)) throw error;
        // The connection failed under the read (not the read itself): it is dropped, and the read, which
        // changes nothing, is made again on the pool — which answers, or reports the outage as it would.
        lane.drop(client);
        return this.pool.query(config, values);
      })
      .finally(() => {
        lane.inFlight--;
      });
  }

  connect(): Promise<pg.PoolClient> {
    return this.pool.connect();
  }

  async end(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.end()));
  }
}

/** One pipelined connection: opened on demand, dropped when it fails, opened again by the next read. */
class Lane {
  client: pg.Client | null = null;
  /** Reads sent on it and not yet answered: the server answers them one after another. */
  inFlight = 0;
  private opening: Promise<void> | null = null;
  private closed = false;
  private readonly url: string;
  private readonly timeoutMs: number;

  constructor(url: string, timeoutMs: number) {
    this.url = url;
    this.timeoutMs = timeoutMs;
  }

  open(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.opening ??= (async () => {
      const client = new pg.Client({
        connectionString: this.url,
        connectionTimeoutMillis: 5000,
        pipeline: true,
        // A read unanswered this long (a connection gone silently, a lock held by a migration) must not hold
        // every read behind it: pg then ends the connection, and they are all made again on the pool.
        query_timeout: this.timeoutMs,
        keepAlive: true,
      });
      // A connection that fails (a server restart, an outage) is dropped: the reads in flight on it are
      // made again on the pool, the next ones go to the pool or another lane, and a new one is opened.
      client.on("error", () => this.drop(client));
      client.on("end", () => this.drop(client));
      try {
        await client.connect();
        if (this.closed) await client.end();
        else this.client = client;
      } catch {
        // The pool's reads report the outage; the next read tries again.
      } finally {
        this.opening = null;
      }
    })();
    return this.opening;
  }

  /** No more reads on it; closed, so that neither its socket nor its server process lingers. */
  drop(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
  }

  async end(): Promise<void> {
    this.closed = true;
    await this.opening;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/**
 * A failure of the connection, not of the statement: the server's connection or shutdown error, or the client's
 * own error once the connection has ended (`ended`), or its timeout. An error pg raises for the statement
 * itself (a value it cannot send) is the statement's.
 */
function lostConnection(error: unknown, ended: boolean): boolean {
  if (error instanceof pg.DatabaseError) return /^(08|57P0)/.test(error.code ?? "");
  return ended || /timeout|terminated|not queryable/i.test((error as Error)?.message ?? "");
}

const corked = new WeakSet<Socket>();

/**
 * Holds the connection's writes until this turn of the event loop ends, so that the statements of all the
 * requests handled in it leave in one write (pg sends each statement's messages corked, and a cork nests).
 */
function writeTogether(pipe: pg.Client) {
  const socket = (pipe as unknown as { connection: { stream: Socket } }).connection.stream;
  if (corked.has(socket)) return;
  corked.add(socket);
  socket.cork();
  setImmediate(() => {
    corked.delete(socket);
    socket.uncork();
  });
}
