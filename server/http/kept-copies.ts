/**
 * The copies the public cache keeps (public-cache.ts), bounded in bytes and let go of once they are of no use.
 *
 * A copy serves for the cache's time and, while its page is being rendered again, for as long once more; after
 * that nobody is served it. Kept until something pushed it out, a crawl through a few thousand laptops' pages
 * left a thousand dead copies in every process — ~64 MB resident at 10 k adverts, for good. So copies are
 * let go of in the order they were kept, as they pass `keepMs` (at each store, and on a timer when nothing
 * is stored), and the oldest first when they would pass `maxBytes` together.
 *
 * Each copy is the body's UTF-8 bytes (a page with one character outside Latin-1 is two bytes a character as a
 * JavaScript string), cut where the response's CSP nonce goes: a copy is served with its reader's own nonce
 * put back between the parts.
 */
export interface KeptCopy {
  storedAt: number;
  contentType: string;
  /** The body cut at each place its nonce was. */
  parts: Buffer[];
  bytes: number;
  /** The one signed-in reader it is not served to (public-cache.ts, `notFor`). */
  notFor?: string;
}

export interface KeptCopiesOptions {
  maxBytes: number;
  /** How long a copy is of use (twice the cache's time). */
  keepMs: number;
  now?: () => number;
}

/** The body cut at each occurrence of `nonce` (the whole body when it has none: JSON, page data). */
export function cutAt(body: Buffer, nonce: string): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(nonce, from); at !== -1; at = body.indexOf(nonce, from)) {
    parts.push(body.subarray(from, at));
    from = at + Buffer.byteLength(nonce);
  }
  parts.push(body.subarray(from));
  return parts;
}

/** The parts joined again with a nonce of this response's between them. */
export function joinWith(parts: Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0] as Buffer;
  const between = Buffer.from(nonce);
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [between, part])));
}

export function keptCopies({ maxBytes, keepMs, now = Date.now }: KeptCopiesOptions) {
  // In the order they were kept: a copy kept again is moved to the end.
  const copies = new Map<string, KeptCopy>();
  let bytes = 0;

  const drop = (key: string) => {
    const copy = copies.get(key);
    if (!copy) return;
    copies.delete(key);
    bytes -= copy.bytes;
  };

  /** Lets go of the copies that have outlived their use. */
  function letGoOfOld() {
    const useless = now() - keepMs;
    for (const [key, copy] of copies) {
      if (copy.storedAt > useless) break;
      drop(key);
    }
  }

  return {
    get: (key: string) => copies.get(key),
    keep(key: string, copy: Omit<KeptCopy, "storedAt" | "bytes">) {
      drop(key);
      letGoOfOld();
      const size = copy.parts.reduce((sum, part) => sum + part.length, 0);
      if (size > maxBytes) return;
      for (const oldest of copies.keys()) {
        if (bytes + size <= maxBytes) break;
        drop(oldest);
      }
      copies.set(key, { ...copy, storedAt: now(), bytes: size });
      bytes += size;
    },
    letGoOfOld,
    clear() {
      copies.clear();
      bytes = 0;
    },
    /** How many copies and bytes are kept (tests, and what a process holds). */
    held: () => ({ copies: copies.size, bytes }),
  };
}
