import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A stream that stays open (server-sent events): it holds a connection, not the process's time. */
    longLived?: boolean;
  }
}

/**
 * The requests this process is serving now, so that background work in the same process can give way to
 * them: email delivery waits for a moment when none is in hand (core/jobs/queue.ts, `givesWaySeconds`).
 * On two shared cores, a sale's three emails sent at once cost the sales a quarter of their rate; sent in
 * the next quiet moment they cost nothing the buyer waits for (docs/benchmarks.md). Every process counts its
 * own: a worker process (`npm run worker`) serves nothing, so its jobs never wait.
 */
export function createRequestsInHand() {
  let inHand = 0;
  const waiting = new Set<() => void>();
  return {
    get count() {
      return inHand;
    },
    started() {
      inHand++;
    },
    ended() {
      inHand--;
      if (inHand > 0) return;
      for (const resume of waiting) resume();
      waiting.clear();
    },
    /**
     * Resolves at once when no request is in hand; otherwise at the first moment none is, at `deadline`
     * (ms since the epoch) at the latest, or when `signal` aborts (the queue is stopping).
     */
    quiet(deadline: number, signal?: AbortSignal): Promise<void> {
      const longest = deadline - Date.now();
      if (inHand === 0 || longest <= 0 || signal?.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const resume = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", resume);
          waiting.delete(resume);
          resolve();
        };
        const timer = setTimeout(resume, longest);
        signal?.addEventListener("abort", resume, { once: true });
        waiting.add(resume);
      });
    },
  };
}

export type RequestsInHand = ReturnType<typeof createRequestsInHand>;

/** Counts each request from its arrival until its connection's answer is finished or abandoned. */
export function countRequestsInHand(app: FastifyInstance, requests: RequestsInHand) {
  app.addHook("onRequest", (request, reply, done) => {
    if (request.routeOptions.config?.longLived) return done();
    requests.started();
    reply.raw.once("close", requests.ended);
    done();
  });
}
