import { randomUUID } from "node:crypto";
import net from "node:net";

/** The Redis the tests use: TEST_REDIS_URL (npm test sets it: tests/run.ts), or the usual local one. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * Whether the Redis tests can run. On a machine without Redis they are skipped with a note saying so;
 * in CI (CI or TEST_REDIS_URL set) a missing Redis is a failure, not a skip.
 */
export async function redisAvailable(): Promise<boolean> {
  if (await redisAnswers(TEST_REDIS_URL)) return true;
  if (process.env.CI || process.env.TEST_REDIS_URL) throw new Error(`No Redis at ${TEST_REDIS_URL}, and CI needs one`);
  console.warn(`Skipping the Redis tests: no Redis at ${TEST_REDIS_URL} (start redis-server, or set TEST_REDIS_URL).`);
  return false;
}

/** Whether something accepts connections at a redis:// address (within a second). */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    const answer = (yes: boolean) => {
      socket.destroy();
      resolve(yes);
    };
    socket.once("connect", () => answer(true));
    socket.once("error", () => answer(false));
    socket.once("timeout", () => answer(false));
  });
}

/** Keys and channels of one test, apart from every other test sharing the Redis. */
export const testPrefix = () => `relaptop-test:${randomUUID()}:`;
