import module from "node:module";
import { availableParallelism } from "node:os";

/*
 * The entry of `npm start`, `npm run dev` (--dev) and `npm run worker` (--worker): the server, with the demo
 * seed as its start-up hook. The seed uses the server's services, so the server does not import the seed: the
 * two meet here.
 *
 * First, Node keeps what it compiled (our TypeScript with its types stripped, and the packages) in the system's
 * temporary folder, so a later start reads it back instead of compiling some eight thousand modules again
 * (docs/benchmarks.md, "Memory and the start, measured"). It must be on before they load, so the rest is
 * imported after it.
 */
module.enableCompileCache();
// Then libuv's pool, before anything uses it: the password hashes (scrypt, 32 MB each; PASSWORD_HASHES_AT_ONCE of
// them) and sharp's work run there, four at a time by default. On a machine with fewer cores, four at once finish
// no sooner and each holds its memory meanwhile (~130 MB at once on two cores, against ~65 with two threads;
// docs/benchmarks.md). Set, it is kept.
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(2, Math.min(4, availableParallelism())));
// Then NODE_ENV, before React is loaded (by the server, through React Router).
await import("./server/environment.ts");
const { start } = await import("./server/start.ts");
// The demo and what draws its pictures load only where a database is to be seeded (SEED_DEMO).
start({ seedDemo: async (core) => (await import("./seed/demo.ts")).seedDemoIfEmpty(core) });
