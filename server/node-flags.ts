/**
 * What production runs (package.json's `start`, `serve` and `worker`, the Dockerfile, compose.yaml): the server's
 * bundle, which `npm run build` writes (scripts/build.ts, decision 27).
 */
export const SERVER_ENTRY = "build/main/main.js";

/** The name V8's collector is exposed under, for giving memory back at rest (server/memory-at-rest.ts). */
export const GIVE_MEMORY_BACK = "v8GiveMemoryBack";

/**
 * The flags Node runs the server with in production: package.json's `start`, `serve` and `worker`, the
 * Dockerfile's command and compose.yaml's worker (tests/unit/node-flags.test.ts holds them to this list, and
 * checks that this Node still accepts them). They cannot be set from inside the process, nor through
 * NODE_OPTIONS (which refuses `--liftoff-only`). Measured in docs/benchmarks.md, "Memory and the start, measured".
 */
export const NODE_FLAGS = [
  // V8 sizes the young generation to the machine: 64 MB semi-spaces (128 MB resident) on a 24 GB one, which
  // the requests' short-lived objects never needed. 16 MB served as fast and held ~450 MB less after a start.
  "--max-semi-space-size=16",
  // The embedded database is PostgreSQL compiled to WebAssembly. V8's optimising compiler, as it recompiled
  // PGlite's hottest functions, took ~500 MB for a second or two (the process's peak) and a core for as long;
  // its baseline code alone costs ~20 % of the throughput of requests the database bounds, and keeps an
  // embedded marketplace within a 1 GB machine. Nothing else here runs WebAssembly.
  "--liftoff-only",
  // V8 lets the old generation grow up to four times what survived the last full collection before the next one, on
  // a machine whose memory it judges plentiful: ~80 MB live became ~230 MB of heap at rest, and the peak under 50
  // connections 726 MB. Half as much again: 540 MB, for what alternating runs could not tell from their noise (0–6 %).
  "--heap-growing-percent=50",
  // Node never tells V8 it is idle, as Chrome does: the process asks for a collection that gives memory back
  // after its start and after busy spells (server/memory-at-rest.ts) — ~35 MB at rest, ~90 after a burst.
  `--expose-gc-as=${GIVE_MEMORY_BACK}`,
];
