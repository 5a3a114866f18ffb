import v8 from "node:v8";
import type { FastifyInstance } from "fastify";
import { GIVE_MEMORY_BACK } from "./node-flags.ts";

/**
 * Gives V8's spare memory back to the machine when the process rests. Chrome tells V8 when a tab goes idle and
 * V8 then collects with the aim of holding less; Node never does, so a server keeps the heap its start or its
 * busiest minute grew to: a PostgreSQL-backed process rested at ~210 MB resident (the young generation's 32 MB
 * filled by the start among it) and stayed at ~300 MB after a burst of pages. A collection that reduces memory
 * (V8's last resort: full collections until nothing more is freed, the young generation shrunk to its least)
 * took it to ~175 and ~212 MB, in 150–220 ms on two cores (docs/benchmarks.md, "Memory at rest").
 *
 * Production's flags expose V8's collector under a name of its own (`--expose-gc-as`, server/node-flags.ts);
 * without them (development, tests in one process) nothing is collected here.
 */
type Collector = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

const collector = () => (globalThis as Record<string, unknown>)[GIVE_MEMORY_BACK] as Collector | undefined;

/** Collects now, holding as little as V8 can. Call where nothing waits for the process (the start, a quiet spell). */
export function giveMemoryBack(collect = collector()) {
  collect?.({ type: "major", execution: "sync", flavor: "last-resort" });
}

/** A quiet spell long enough to be rest: no request began for this long. */
export const QUIET_MS = 30_000;
/** Less grown than this since the last collection is not worth a pause of a fifth of a second. */
export const WORTH_GIVING_BACK = 16 * 1024 * 1024;

export interface RestOptions {
  quietMs?: number;
  now?: () => number;
  heapBytes?: () => number;
  collect?: Collector;
}

/**
 * After a spell with no request (`quietMs`), if the heap grew by `WORTH_GIVING_BACK` since it was last given
 * back, gives it back once more. Checked twice a spell; the timer does not keep the process alive.
 */
export function giveMemoryBackAtRest(
  app: FastifyInstance,
  {
    quietMs = QUIET_MS,
    now = Date.now,
    heapBytes = () => v8.getHeapStatistics().total_heap_size,
    collect = collector(),
  }: RestOptions = {},
) {
  if (!collect) return;
  let lastRequest = now();
  let heapAfter = heapBytes();
  app.addHook("onRequest", (_request, _reply, done) => {
    lastRequest = now();
    done();
  });
  const check = setInterval(() => {
    if (now() - lastRequest < quietMs || heapBytes() - heapAfter < WORTH_GIVING_BACK) return;
    giveMemoryBack(collect);
    heapAfter = heapBytes();
  }, quietMs / 2).unref();
  app.addHook("onClose", async () => clearInterval(check));
}
