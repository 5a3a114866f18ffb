import net from "node:net";
import type { FastifyInstance } from "fastify";
import type { Lifecycle } from "./app.ts";

/** Stepping out of the balancer ends once neither a new connection nor a request has come for this long … */
const QUIET_MS = 250;
/** … or after this long at most (a balancer that keeps connecting, whatever it is told). */
const LEAVE_MAX_MS = 2_000;

/**
 * Ends serving without cutting a request off, after the drain (server/serve.ts).
 *
 * First, behind a balancer (`leave`), it steps out of it: every read (GET, HEAD, OPTIONS) is answered 503 with
 * `Connection: close` (server/app.ts), which nginx — which does not watch /healthz — retries on another process
 * and counts as this one failing (`max_fails`), so it stops choosing it; writes are still served. This lasts
 * until neither a new connection nor a request has come for a quarter of a second: nginx sends requests on the
 * connections it keeps open too, and while it does it still chooses this process, so it would also open new
 * ones. Closing the listening socket while a balancer still connects resets the connections the kernel had
 * accepted that the app had not yet taken, and a POST nginx had sent on one of them fails: it is not retried,
 * since it might have been handled. (Counting connections alone, a rolling restart under mixed traffic
 * stopped listening while nginx, which had been sent only writes, still chose the process: a POST now and
 * then was cut off, bench/drills/cluster.ts.)
 *
 * Then no new connection is accepted — a balancer's next connect is refused, which nginx retries on another
 * process even for a POST, since it never reached this one. The connections already open stay: each is closed
 * after its next answer (`Connection: close`, lifecycle.closing) or by the client. None is closed while idle,
 * because a request may be on its way on it, and a POST cut off that way is not retried. After `graceMs`
 * whatever is left (idle connections a client keeps without using them) is closed with the app.
 */
export async function closeGently(
  app: FastifyInstance,
  lifecycle: Lifecycle,
  graceMs: number,
  { leave = false, quietMs = QUIET_MS, leaveMaxMs = LEAVE_MAX_MS } = {},
) {
  const server = app.server;
  if (server.listening && leave) {
    lifecycle.leaving = true;
    if (!(await quietFor(server, quietMs, leaveMaxMs)))
      // Sent only writes, a balancer never hears a 503 and goes on choosing this process: one it sends a
      // request on while the listening socket closes may be cut off. Worth knowing when it happens.
      app.log.warn(`still chosen by the balancer after ${leaveMaxMs} ms of leaving it: stopping anyway`);
  }
  lifecycle.closing = true;
  if (server.listening) {
    // net.Server's own close stops accepting; http.Server's would also close the idle connections at once.
    net.Server.prototype.close.call(server);
    const end = Date.now() + graceMs;
    while (Date.now() < end && (await openConnections(server)) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await app.close(); // what is still in flight finishes; what is left idle is closed
}

/**
 * Resolves true once `server` has taken neither a connection nor a request for `quietMs`, or false after
 * `maxMs`.
 */
function quietFor(server: net.Server, quietMs: number, maxMs: number) {
  return new Promise<boolean>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let arrived = 0;
    const done = (quiet: boolean) => {
      clearTimeout(timer);
      clearTimeout(cap);
      server.off("connection", again);
      server.off("request", again);
      resolve(quiet);
    };
    const again = () => {
      arrived++;
      clearTimeout(timer);
      timer = setTimeout(() => {
        // Timers run before the loop takes new connections: a busy moment may have left some waiting. Look
        // once more after it has (setImmediate runs after the poll phase), and go on waiting if one came.
        const seen = arrived;
        setImmediate(() => (arrived === seen ? done(true) : undefined));
      }, quietMs);
    };
    const cap = setTimeout(() => done(false), maxMs);
    server.on("connection", again);
    server.on("request", again);
    again();
  });
}

const openConnections = (server: net.Server) =>
  new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
