import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, type Registry } from "prom-client";

/**
 * With WEB_CONCURRENCY > 1, a scrape reaches whichever worker the port gives it; that worker asks the
 * supervisor, which gathers every worker's registry over the cluster's IPC (prom-client's
 * AggregatorRegistry) and answers with their sum: one scrape, the whole machine. Counters and histograms
 * add up; gauges add up too unless they say otherwise (the job queue's depth, the same for all, is the max).
 */
const ASK = "relaptop:metrics?";
const ANSWER = "relaptop:metrics";
const WITHIN_MS = 10_000;

type Message = { type?: string; id?: string; text?: string; error?: string };

/** In the supervisor: answers workers' requests for the cluster's metrics. */
export function answerClusterMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: Message) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: unknown) => worker.send({ type: ANSWER, id: message.id, error: String(error) }),
    );
  });
}

const waiting = new Map<string, { resolve(text: string): void; reject(error: Error): void }>();

/**
 * The metrics a scrape of this process gets: the whole cluster's in a worker, its own otherwise.
 * A worker's registry is offered to the supervisor's gathering once this is first set up.
 */
export function metricsOf(registry: Registry): () => Promise<string> {
  if (!cluster.isWorker) return () => registry.metrics();
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what makes prom-client answer the supervisor's gathering in this worker.
  new AggregatorRegistry();
  process.on("message", (message: Message) => {
    if (message?.type !== ANSWER || !message.id) return;
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) pending?.reject(new Error(message.error));
    else pending?.resolve(message.text ?? "");
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = randomUUID();
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the supervisor did not answer with the cluster's metrics"));
      }, WITHIN_MS);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ type: ASK, id });
    });
}
