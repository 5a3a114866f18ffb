import cluster from "node:cluster";
import module from "node:module";
import { backfillProcessors } from "../core/catalogue/index.ts";
import { openDatabase } from "../db/client.ts";
import { buildApp, type Lifecycle } from "./app.ts";
import type { Config } from "./config.ts";
import { closeGently } from "./graceful-close.ts";
import { giveMemoryBack, giveMemoryBackAtRest } from "./memory-at-rest.ts";
import { isNewEmbeddedDatabase, PREPARE_ONLY, prepareApart } from "./prepare-apart.ts";
import { type Core, createServices } from "./services.ts";

/** What the entry (main.ts) composes into the server: work that is not the server's own. */
export interface StartHooks {
  /** Seeds the demo marketplace when the database is empty (SEED_DEMO); returns whether it did. */
  seedDemo: (core: Core) => Promise<boolean>;
}

/**
 * `npm start` (the production build) and `npm run dev` (`--dev`: the pages from Vite, hot): read .env (done by
 * the entry first), validate the configuration, open and migrate the database, seed the demo, serve. A new
 * embedded database is created, migrated and seeded by a process of its own first (server/prepare-apart.ts).
 */
export async function serve({ seedDemo }: StartHooks, config: Config) {
  const dev = process.argv.includes("--dev");
  const preparing = process.argv.includes(PREPARE_ONLY);
  if (config.authSecretFile && !preparing) {
    const { path, created } = config.authSecretFile;
    console.log(
      created
        ? `No AUTH_SECRET set: made a random one and kept it in ${path} (readable by this user only); later starts reuse it.`
        : `No AUTH_SECRET set: using the one kept in ${path}.`,
    );
  }
  if (!preparing && isNewEmbeddedDatabase(config.database)) await prepareApart();
  const database = await openDatabase(config.database, { redis: config.redis });
  const core = createServices(config, database);
  const { services, runtime } = core;
  // Adverts whose processor is not recognised yet (older rows, or a processor added to the list since).
  const recognised = await database.exclusively(() => backfillProcessors(database.db));
  if (recognised) console.log(`Recognised ${recognised} more processor name(s) on existing adverts.`);
  // Under the start-up lock: of several processes starting together on an empty database, one seeds.
  if (config.seedDemo && (await database.exclusively(() => seedDemo(core)))) {
    console.log("Seeded the demo marketplace (accounts use the password Passw0rd!).");
  }
  if (preparing) {
    await database.close();
    process.exit(0);
  }
  if (process.argv.includes("--worker")) return work(core);
  const lifecycle: Lifecycle = { draining: false };
  // Vite only in development: production does not install or load it.
  const pages = dev ? await (await import("./dev-pages.ts")).createDevPages(config) : true;
  const app = await buildApp({ config, services, runtime, pages, lifecycle });
  // The job queue: email delivery, and payment reconciliation at start and every minute (once per cluster).
  // With RUN_JOBS=false this process only queues jobs; `npm run worker` processes work them.
  await services.jobs.start({ work: config.runJobs });
  // This server speaks HTTP only: an https:// address means a proxy in front, which must be trusted to say so.
  if (config.publicUrl.startsWith("https://") && config.trustProxy === false) {
    console.warn(
      "PUBLIC_URL is https:// but TRUST_PROXY is not set: set it to the proxy in front (its address, or 1), " +
        "or every page form is refused as sent to another address.",
    );
  }
  if (!config.mail.smtpUrl) console.log("No SMTP_URL set: emails are kept, not sent, and logged here one line each.");
  const shutdown = async (signal: NodeJS.Signals) => {
    // SIGTERM (a deploy, a scale-down): /healthz fails at once and the process keeps serving while the
    // balancer notices. Ctrl-C on a terminal stops at once.
    lifecycle.draining = true;
    if (signal === "SIGTERM" && config.shutdownDrainMs > 0) {
      console.log(`Draining for ${config.shutdownDrainMs} ms before closing.`);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    // Out of the balancer (reads answered 503 until neither connections nor requests come), then no new connections;
    // each open one ends after its next answer, or is left to its client to close
    // (deploy/nginx.conf closes idle ones after 1 s), within as long again as the drain (at least 2 s).
    // Without a drain (one embedded process), Ctrl-C, or a restart under `npm run dev`: no wait.
    const balanced = signal === "SIGTERM" && !dev && config.shutdownDrainMs > 0;
    await closeGently(app, lifecycle, balanced ? Math.max(config.shutdownDrainMs, 2_000) : 0, { leave: balanced });
    await services.jobs.stop(); // jobs in hand finish first
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  // What the start allocated is garbage now: given back before the first request, and again after busy spells.
  giveMemoryBack();
  giveMemoryBackAtRest(app);
  // Once, by the first of several app processes.
  let told = cluster.isWorker && cluster.worker?.id !== 1;
  await app.listen({
    port: config.port,
    host: config.host,
    // The line a person reads first names the address where everything works (PUBLIC_URL), before Fastify's
    // lines for each interface it listens on, which stay in the JSON log for operators.
    listenTextResolver: (address) => {
      if (!told) {
        told = true;
        console.log(
          dev
            ? `ReLaptop (development) is running at ${config.publicUrl}: edits under app/ show in the page at once; ` +
                "the server restarts when server/, core/, db/, schemas/ or .env change."
            : `ReLaptop is running at ${config.publicUrl}`,
        );
      }
      return `Server listening at ${address}`;
    },
  });
  // What this start compiled is kept now, not at exit (main.ts): a process that is killed leaves it too.
  module.flushCompileCache();
}

/**
 * `npm run worker`: a process that works the job queue (emails, alerts, reconciliation) and serves nothing,
 * so a deploy can scale the jobs apart from the app processes (which then run with RUN_JOBS=false).
 */
async function work({ services, runtime: { database } }: Core) {
  await services.jobs.start({ work: true });
  giveMemoryBack();
  console.log("ReLaptop worker: working the job queue.");
  const shutdown = async () => {
    await services.jobs.stop(); // jobs in hand finish first
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}
