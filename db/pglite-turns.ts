import { setImmediate as nextTurn } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";

/** How long PGlite's statements may run back to back before the event loop gets a turn. */
const TURN_MS = 10;

/**
 * Gives the event loop a turn between PGlite's statements at least every `turnMs`.
 *
 * PGlite runs a statement synchronously on this thread and hands its lock to the next statement in a promise
 * callback, so under load a queue of statements ran as one long turn (0.3–0.5 s) — and Node accepts about one
 * new connection per turn. A client opening 50 connections had most of them wait seconds in the kernel's accept
 * queue: p99 6–8 s at 50 connections, while no request took over 40 ms once read (docs/benchmarks.md, "The
 * embedded stall"). Now a statement that would stretch a turn past `turnMs` waits for the next turn (holding the
 * lock), so the loop polls, accepts and reads between statements; the statements still run one at a time, in
 * the order they asked. Yielding before every statement cost about a fifth of the throughput; a 10 ms turn cost
 * nothing the runs could tell from their noise.
 */
export function statementsTakeTurns(client: PGlite, turnMs = TURN_MS): void {
  const exclusive = client._runExclusiveQuery.bind(client);
  let turnBegan = performance.now();
  client._runExclusiveQuery = <T>(statement: () => Promise<T>) =>
    exclusive(async () => {
      if (performance.now() - turnBegan >= turnMs) {
        await nextTurn();
        turnBegan = performance.now();
      }
      return statement();
    });
}
