import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { countRequestsInHand, createRequestsInHand } from "../../server/requests-in-hand.ts";

/** Whether a promise has settled by the time the microtasks and timers due now have run. */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("requests in hand", () => {
  it("are quiet at once when none is in hand", async () => {
    const requests = createRequestsInHand();
    expect(await settled(requests.quiet(Date.now() + 60_000))).toBe(true);
  });

  it("wait while one is in hand and go the moment the last ends", async () => {
    const requests = createRequestsInHand();
    requests.started();
    requests.started();
    const quiet = requests.quiet(Date.now() + 60_000);
    requests.ended();
    expect(await settled(quiet)).toBe(false);
    requests.ended();
    expect(await settled(quiet)).toBe(true);
  });

  it("go at the deadline however busy the process is", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const requests = createRequestsInHand();
    requests.started();
    const quiet = requests.quiet(Date.now() + 30_000);
    vi.advanceTimersByTime(29_999);
    let done = false;
    void quiet.then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    vi.advanceTimersByTime(1);
    await quiet;
    expect(requests.count).toBe(1);
  });

  it("go when the queue stops", async () => {
    const requests = createRequestsInHand();
    requests.started();
    const stopping = new AbortController();
    const quiet = requests.quiet(Date.now() + 60_000, stopping.signal);
    expect(await settled(quiet)).toBe(false);
    stopping.abort();
    expect(await settled(quiet)).toBe(true);
  });

  it("count a request from its arrival until its answer, and not a long-lived stream", async () => {
    const requests = createRequestsInHand();
    const app = Fastify();
    countRequestsInHand(app, requests);
    let answer: () => void = () => {};
    app.get("/slow", () => new Promise<string>((resolve) => (answer = () => resolve("done"))));
    app.get("/stream", { config: { longLived: true } }, () => "events");
    await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      expect(await (await fetch(`${base}/stream`)).text()).toBe("events");
      expect(requests.count).toBe(0);
      const slow = fetch(`${base}/slow`);
      await vi.waitFor(() => expect(requests.count).toBe(1));
      const quiet = requests.quiet(Date.now() + 60_000);
      expect(await settled(quiet)).toBe(false);
      answer();
      expect(await (await slow).text()).toBe("done");
      await quiet;
      expect(requests.count).toBe(0);
    } finally {
      await app.close();
    }
  });
});
