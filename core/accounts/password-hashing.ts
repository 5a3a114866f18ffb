import { hashPassword, verifyPassword } from "better-auth/crypto";
import pLimit from "p-limit";

/**
 * How the process is told that a request waits on work elsewhere (its hash, and those before it): the request
 * line lets another request be worked on meanwhile (server/http/request-line.ts).
 */
type OffThread = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Passwords hashed and checked as better-auth does (scrypt, N = 16384, r = 16: 32 MB and ~110 ms of a core
 * each, on libuv's pool), at most `atOnce` at a time in this process (PASSWORD_HASHES_AT_ONCE, default 1). A
 * burst of sign-ups or sign-ins otherwise ran as many as the pool has threads: each held its 32 MB (the
 * PostgreSQL-backed process's peak, docs/benchmarks.md) and took a core from the requests, for no sooner an
 * answer on a machine with as many cores as the pool has threads. The rest wait their turn, in order.
 */
export function passwordHashing(atOnce: number, offThread: OffThread = (work) => work()) {
  const inTurn = pLimit(atOnce);
  return {
    hash: (password: string) => offThread(() => inTurn(() => hashPassword(password))),
    verify: (data: { hash: string; password: string }) => offThread(() => inTurn(() => verifyPassword(data))),
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
