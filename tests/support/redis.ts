import { randomUUID } from "node:crypto";
import net from "node:net";

/** The Redis the tests use: TEST_REDIS_URL (.ci/run sets it), or the usual local one. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * Whether the Redis tests can run. On a machine without Redis they are skipped with a note saying so;
 * in CI (CI or TEST_REDIS_URL set) a missing Redis is a failure, not a skip.
 */
export async function redisAvailable(): Promise<boolean> {
  const { hostname, port } = new URL(TEST_REDIS_URL);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 1000 });
    const answer = (yes: boolean) => {
      socket.destroy();
      resolve(yes);
    };
    socket.once("connect", () => answer(true));
    socket.once("error", () => answer(false));
    socket.once("timeout", () => answer(false));
  });
  if (reachable) return true;
  if (process.env.CI || process.env.TEST_REDIS_URL) throw new Error(`No Redis at ${TEST_REDIS_URL}, and CI needs one`);
  console.warn(`Skipping the Redis tests: no Redis at ${TEST_REDIS_URL} (start redis-server, or set TEST_REDIS_URL).`);
  return false;
}

/** Keys and channels of one test, apart from every other test sharing the Redis. */
export const testPrefix = () => `relaptop-test:${randomUUID()}:`;
