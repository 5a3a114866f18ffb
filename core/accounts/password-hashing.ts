import { APIError } from "better-auth/api";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import pLimit from "p-limit";

/**
 * How the process is told that a request waits on work elsewhere (its hash, and those before it): the request
 * line lets another request be worked on meanwhile (server/http/request-line.ts).
 */
type OffThread = <T>(work: () => Promise<T>) => Promise<T>;

/** What a sign-in, sign-up or password change hears when too many wait for their hash in this process. */
export const HASHES_BUSY_MESSAGE = "Too many people are signing in right now. Try again in a few seconds.";
/** What a hash takes of a core here (scrypt as better-auth sets it): how long a full line takes to clear. */
const SECONDS_A_HASH = 0.11;

/**
 * Passwords hashed and checked as better-auth does (scrypt, N = 16384, r = 16: 32 MB and ~110 ms of a core
 * each, on libuv's pool), at most `atOnce` at a time in this process (PASSWORD_HASHES_AT_ONCE, default 1). A
 * burst of sign-ups or sign-ins otherwise ran as many as the pool has threads: each held its 32 MB (the
 * PostgreSQL-backed process's peak, docs/benchmarks.md) and took a core from the requests, for no sooner an
 * answer on a machine with as many cores as the pool has threads. The rest wait their turn, in order — at most
 * `waitingAtMost` of them (PASSWORD_HASHES_WAITING): one more is refused at once, 503 with Retry-After, rather
 * than answered after a wait its client gave up on (100 waiting is ~11 s at one hash at a time), told to come back
 * once the line has cleared.
 */
export function passwordHashing(
  atOnce: number,
  offThread: OffThread = (work) => work(),
  waitingAtMost = Number.POSITIVE_INFINITY,
) {
  const inTurn = pLimit(atOnce);
  // Come back once the line has cleared: ~12 s for the default 100 waiting, one at a time.
  const retryAfter = String(Math.max(1, Math.ceil(((atOnce + waitingAtMost) / atOnce) * SECONDS_A_HASH)));
  const inLine = <T>(work: () => Promise<T>) => {
    // In hand: those computing and those waiting their turn.
    if (inTurn.activeCount + inTurn.pendingCount >= atOnce + waitingAtMost) {
      const busy = new APIError(
        "SERVICE_UNAVAILABLE",
        { code: "BUSY", message: HASHES_BUSY_MESSAGE },
        { "retry-after": retryAfter },
      );
      return Promise.reject(busy);
    }
    return offThread(() => inTurn(work));
  };
  return {
    hash: (password: string) => inLine(() => hashPassword(password)),
    verify: (data: { hash: string; password: string }) => inLine(() => verifyPassword(data)),
    /** Hashes being computed now, and waiting their turn (/metrics: relaptop_password_hashes). */
    get computing() {
      return inTurn.activeCount;
    },
    get waiting() {
      return inTurn.pendingCount;
    },
  };
}

export type PasswordHashing = ReturnType<typeof passwordHashing>;
