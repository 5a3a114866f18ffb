import module from "node:module";

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
// Then NODE_ENV, before React is loaded (by the server, through React Router).
await import("./server/environment.ts");
const [{ seedDemoIfEmpty }, { start }] = await Promise.all([import("./seed/demo.ts"), import("./server/start.ts")]);
start({ seedDemo: seedDemoIfEmpty });
