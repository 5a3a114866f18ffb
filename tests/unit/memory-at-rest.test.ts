import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { giveMemoryBackAtRest, QUIET_MS, WORTH_GIVING_BACK } from "../../server/memory-at-rest.ts";

describe("memory given back at rest", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  async function server() {
    const app = Fastify();
    app.get("/", async () => "ok");
    let heap = 100 * 1024 * 1024;
    const collect = vi.fn(() => {
      heap = 60 * 1024 * 1024;
    });
    giveMemoryBackAtRest(app, { heapBytes: () => heap, collect });
    await app.ready();
    return {
      app,
      collect,
      grow: (bytes: number) => {
        heap += bytes;
      },
    };
  }

  it("waits for a quiet spell after a busy one, then gives back once", async () => {
    const { app, collect, grow } = await server();
    grow(WORTH_GIVING_BACK);
    // Busy: a request every ten seconds.
    for (let i = 0; i < 6; i++) {
      await app.inject("/");
      vi.advanceTimersByTime(10_000);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(QUIET_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(collect).toHaveBeenCalledWith({ type: "major", execution: "sync", flavor: "last-resort" });
    // Quiet since, and nothing grown: no second pause.
    vi.advanceTimersByTime(5 * QUIET_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it("does not pause a process whose heap grew by less than is worth it", async () => {
    const { app, collect, grow } = await server();
    grow(WORTH_GIVING_BACK - 1);
    vi.advanceTimersByTime(5 * QUIET_MS);
    expect(collect).not.toHaveBeenCalled();
    await app.close();
  });
});
