import { describe, expect, it, vi } from "vitest";
import { personalFeed } from "../../db/listen.ts";
import { testAppForTests } from "../support/test-app.ts";

/**
 * A person's live values (db/listen.ts personalFeed: the bell's count, unread messages): the last one a page
 * gets is read after the last change, whichever read the database answers first.
 */
describe("a person's live feed", () => {
  const t = testAppForTests();

  it("answers one person's changes in their order, a slow read not overtaken; other people do not wait", async () => {
    const { broadcast } = t.database;
    const channel = "feed_order";
    const firstRead = Promise.withResolvers<void>();
    const started: string[] = [];
    const feed = personalFeed(broadcast, channel, async (_person, detail) => {
      started.push(detail);
      if (detail === "first") await firstRead.promise;
      return detail;
    });
    const got = { ana: [] as string[], ben: [] as string[] };
    await feed.subscribe("ana", (value) => got.ana.push(value));
    await feed.subscribe("ben", (value) => got.ben.push(value));
    // Heard after the feed has heard each announcement (handlers run in the order they subscribed).
    const announced: string[] = [];
    await broadcast.on(channel, (payload) => announced.push(payload));

    await broadcast.send(channel, ["ana|first"]);
    await vi.waitFor(() => expect(started).toEqual(["first"]));
    await broadcast.send(channel, ["ana|second", "ben|other"]);
    await vi.waitFor(() => expect(got.ben).toEqual(["other"]));
    expect(announced).toEqual(["ana|first", "ana|second", "ben|other"]);
    // Ana's second read waits for her first to answer: it cannot answer before it.
    expect(started).toEqual(["first", "other"]);
    expect(got.ana).toEqual([]);

    firstRead.resolve();
    await vi.waitFor(() => expect(got.ana).toEqual(["first", "second"]));
  });
});
