import { describe, expect, it } from "vitest";
import { cutAt, joinWith, keptCopies } from "../../server/http/kept-copies.ts";

const NONCE = "n0nce+/=";
const page = (text: string) => ({ contentType: "text/html", parts: cutAt(Buffer.from(text), NONCE) });
const clock = () => {
  let at = 0;
  return {
    now: () => at,
    pass(ms: number) {
      at += ms;
    },
  };
};

describe("the public cache's kept copies", () => {
  it("serve each reader's own nonce where the page had the one it was rendered with", () => {
    const parts = cutAt(Buffer.from(`<script nonce="${NONCE}">a</script>—<style nonce="${NONCE}"></style>`), NONCE);
    expect(parts).toHaveLength(3);
    expect(joinWith(parts, "theirs").toString()).toBe(
      `<script nonce="theirs">a</script>—<style nonce="theirs"></style>`,
    );
    expect(joinWith(cutAt(Buffer.from('{"a":1}'), NONCE), "theirs").toString()).toBe('{"a":1}');
  });

  it("let go of a copy once it is past its use, though nothing pushed it out", () => {
    const time = clock();
    const copies = keptCopies({ maxBytes: 1_000, keepMs: 2_000, now: time.now });
    copies.keep("/laptops/1", page("one"));
    time.pass(1_500);
    copies.keep("/laptops/2", page("two"));
    time.pass(600);
    copies.letGoOfOld();
    expect(copies.get("/laptops/1")).toBeUndefined();
    expect(copies.get("/laptops/2")).toBeDefined();
    expect(copies.held()).toEqual({ copies: 1, bytes: 3 });
    time.pass(2_000);
    copies.letGoOfOld();
    expect(copies.held()).toEqual({ copies: 0, bytes: 0 });
  });

  it("hold no more bytes than allowed: the oldest go first, and a page larger than all of it is not kept", () => {
    const time = clock();
    const copies = keptCopies({ maxBytes: 10, keepMs: 2_000, now: time.now });
    copies.keep("a", page("aaaa"));
    copies.keep("b", page("bbbb"));
    // Kept again: now the newest, so "b" is the oldest.
    copies.keep("a", page("aaaa"));
    copies.keep("c", page("cccc"));
    expect(copies.get("b")).toBeUndefined();
    expect([copies.get("a"), copies.get("c")].every(Boolean)).toBe(true);
    expect(copies.held()).toEqual({ copies: 2, bytes: 8 });
    copies.keep("huge", page("x".repeat(11)));
    expect(copies.get("huge")).toBeUndefined();
    expect(copies.held().bytes).toBe(8);
    // A character outside Latin-1 counts as the bytes it is sent as.
    copies.keep("d", page("€"));
    expect(copies.held()).toEqual({ copies: 2, bytes: 7 });
  });
});
