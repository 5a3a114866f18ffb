import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * At most `atOnce` requests worked on at a time, the rest served in the order they came. On the embedded
 * database every statement and every render runs on this process's one thread: fifty requests begun at once
 * share it, each a little at a time, so each finishes only when nearly all have: p99 ran at two to three times
 * the average wait. Taken in turn, each waits for those before it and is then served through (docs/benchmarks.md,
 * "Requests served in line"). A request's turn ends when its answer is written or its client goes; one whose
 * client goes while it waits leaves the line.
 */
export function createRequestLine(atOnce: number) {
  let serving = 0;
  // Raised while requests in hand wait on work off this thread (stepAside): the thread is free for others.
  let room = atOnce;
  // Insertion-ordered: the first is the longest waiting; one that leaves is deleted in place.
  const line = new Set<() => void>();

  const admit = () => {
    while (serving < room) {
      const next = line.values().next();
      if (next.done) return;
      line.delete(next.value);
      serving++;
      next.value();
    }
  };
  const give = () => {
    serving--;
    admit();
  };
  // While `waiting` is awaited the request that awaits it leaves room for one more.
  const aside = <T>(waiting: Promise<T>): Promise<T> => {
    room++;
    admit();
    return waiting.finally(() => {
      room--;
    });
  };

  return {
    get serving() {
      return serving;
    },
    get waiting() {
      return line.size;
    },
    /**
     * True when `reply`'s request may be worked on (at once, or a promise of it in its turn), false when its
     * client went before its turn. Its turn is given on when its answer closes.
     */
    take(reply: FastifyReply): true | Promise<boolean> {
      const answer = reply.raw;
      // Its client went before it came to the line (while its body was read): "close" will not come again.
      if (answer.closed) return Promise.resolve(false);
      if (serving < room && line.size === 0) {
        serving++;
        answer.once("close", give);
        return true;
      }
      return new Promise((resolve) => {
        const served = () => {
          answer.off("close", leave);
          answer.once("close", give);
          resolve(true);
        };
        const leave = () => {
          line.delete(served);
          resolve(false);
        };
        line.add(served);
        answer.once("close", leave);
      });
    },
    /**
     * Runs `work` that waits off this thread (a password hash on libuv's pool, in its own turn): meanwhile one
     * more request may be worked on, so a burst of sign-ins does not hold the line while the thread is idle.
     */
    stepAside: <T>(work: () => Promise<T>): Promise<T> => aside(work()),
    /**
     * `client` (a card or payout provider, object storage over the network) whose calls step aside while
     * their answers are awaited: a request waiting on Stripe's answer leaves the thread to the next in line.
     */
    stepsAsideFor<T extends object>(client: T): T {
      return new Proxy(client, {
        get(target, key) {
          const member: unknown = Reflect.get(target, key);
          if (typeof member !== "function") return member;
          return (...args: unknown[]) => {
            const result: unknown = member.apply(target, args);
            return result instanceof Promise ? aside(result) : result;
          };
        },
      });
    },
  };
}

export type RequestLine = ReturnType<typeof createRequestLine>;

/**
 * A preHandler: the request's handler runs in its turn, and not at all if its client went meanwhile. Streams
 * that stay open (server-sent events) pass.
 */
export const servedInLine = (line: RequestLine) => async (request: FastifyRequest, reply: FastifyReply) => {
  if (request.routeOptions.config?.longLived) return;
  const turn = line.take(reply);
  if (turn === true || (await turn)) return;
  // Nobody will read it: ends the request here.
  return reply.code(503).send();
};
