import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from "fastify";

/** A request's place among those worked on: ended once; `aside` counts its waits off the thread under way. */
interface Turn {
  over: boolean;
  aside: number;
  end: () => void;
}

/**
 * At most `atOnce` requests worked on at a time, the rest served in the order they came. On the embedded
 * database every statement and every render runs on this process's one thread: fifty requests begun at once
 * share it, each a little at a time, so each finishes only when nearly all have: p99 ran at two to three times
 * the average wait. Taken in turn, each waits for those before it and is then served through (docs/benchmarks.md,
 * "Requests served in line").
 *
 * A turn ends when the answer is ready to write (a slow reader of a download holds no turn), or when its client
 * goes. One whose client goes while it waits leaves the line.
 */
export function createRequestLine(atOnce: number) {
  let serving = 0;
  // Raised while requests in hand wait on work off this thread (stepAside): the thread is free for others.
  let room = atOnce;
  // Insertion-ordered: the first is the longest waiting; one that leaves is deleted in place.
  const line = new Set<() => void>();
  const turns = new WeakMap<FastifyRequest, Turn>();
  // The turn of the request whose work is running: what steps aside is that request's, and nobody else's.
  const current = new AsyncLocalStorage<Turn>();

  const admit = () => {
    while (serving < room) {
      const next = line.values().next();
      if (next.done) return;
      line.delete(next.value);
      serving++;
      next.value();
    }
  };

  // `then` once `reply`'s client goes: its response closes (on Node 24 so do those pipelined behind it).
  const whenGone = (reply: FastifyReply, then: () => void) => {
    reply.raw.once("close", then);
    return () => {
      reply.raw.off("close", then);
    };
  };

  const begin = (request: FastifyRequest, reply: FastifyReply) => {
    const turn: Turn = {
      over: false,
      aside: 0,
      end: () => {
        if (turn.over) return;
        turn.over = true;
        undo();
        serving--;
        admit();
      },
    };
    const undo = whenGone(reply, turn.end);
    turns.set(request, turn);
  };

  // While `waiting` is awaited, the request whose work awaits it leaves room for one more (once, however many
  // it awaits at a time). Work outside any turn (a job, an image served out of line) changes nothing.
  const aside = <T>(waiting: Promise<T>): Promise<T> => {
    const turn = current.getStore();
    if (!turn || turn.over) return waiting;
    if (turn.aside++ === 0) {
      room++;
      admit();
    }
    return waiting.finally(() => {
      if (--turn.aside === 0) room--;
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
     * True when `request` may be worked on (at once, or a promise of it in its turn), false when its client went
     * before its turn.
     */
    take(request: FastifyRequest, reply: FastifyReply): true | Promise<boolean> {
      // Gone before it came to the line (while its body was read): "close" will not come again.
      if (reply.raw.closed) return Promise.resolve(false);
      if (serving < room && line.size === 0) {
        serving++;
        begin(request, reply);
        return true;
      }
      return new Promise((resolve) => {
        const served = () => {
          undo();
          begin(request, reply);
          resolve(true);
        };
        const undo = whenGone(reply, () => {
          line.delete(served);
          resolve(false);
        });
        line.add(served);
      });
    },
    /** Runs `work` (the rest of `request`'s handling) as its turn's: what it steps aside for is its own. */
    within(request: FastifyRequest, work: () => void) {
      const turn = turns.get(request);
      return turn ? current.run(turn, work) : work();
    },
    /** `request`'s answer is ready: its turn goes to the next in line. */
    end(request: FastifyRequest) {
      turns.get(request)?.end();
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
 * The hooks that serve a route's requests in line: its handler runs in its turn, and not at all if its client
 * went meanwhile; the turn ends when the answer is ready (onSend, after the app's own: the page read whole and
 * compressed). Streams that stay open (server-sent events) pass.
 */
export function servedInLine(line: RequestLine): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler } {
  return {
    preHandler(request, reply, done) {
      if (request.routeOptions.config?.longLived) return done();
      const turn = line.take(request, reply);
      if (turn === true) return line.within(request, done);
      void turn.then((served) => {
        // Nobody will read it: the request ends here, its handler not run.
        if (!served) return reply.code(503).send();
        line.within(request, done);
      });
    },
    onSend(request, _reply, payload, done) {
      line.end(request);
      done(null, payload);
    },
  };
}
