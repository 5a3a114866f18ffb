import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { anonymous } from "../../core/accounts/index.ts";
import { cutAt, joinWith, type KeptCopy, keptCopies } from "./kept-copies.ts";
import { scriptNonceOf } from "./script-nonce.ts";
import { readWhole, TEXT_WE_RENDER } from "./whole-bodies.ts";

/**
 * A micro-cache of what anonymous visitors read — the pages and the public catalogue API — for
 * `ttlMs` (1 s by default). Most of a marketplace's traffic is visitors browsing the same few
 * pages; rendering each of them once a second instead of once a request is what lets a two-core
 * server answer thousands of them (see docs/benchmarks.md).
 *
 * The catalogue's list pages (the home page, /allAdd, a brand's) and a laptop's page are also kept for signed-in
 * browsers, one copy per kind of reader (`signedInVariant`: role and mode, theme, zone, banner), rendered
 * without the person (`renderedForEveryone`: no name, counts, hearts or bookings); the page reads the person's
 * part at once after it loads (app/lib/use-personal-data.ts). Their page data (`.data`), the API and every
 * other page are theirs, and so is a page whose loader found something only this reader may see
 * (`keepFromOthers`: a held laptop, shown to its seller and admins). A laptop's kept page is not its seller's
 * (`notFor`): theirs has nothing to book and is theirs to manage, so it is rendered for them.
 *
 * Correctness rests on three rules:
 *  - Only requests without cookies or credentials are served from it or stored in it — or, signed in, the
 *    list pages' documents, stored only as rendered for everyone of their kind, and the public reads that name
 *    nobody (`SAME_FOR_EVERYONE`): a signed-in user's own data always comes from the database as it is.
 *  - Only 200 responses that set no cookie are stored, and only pages, page data and JSON.
 *  - Any successful change made through this server (a POST, PUT, PATCH or DELETE other than signing
 *    in, up or out, or a private thing: messages, favourites, saved searches, notifications) empties it at
 *    once, so the next visitor sees it — and, through `broadcast` (PostgreSQL NOTIFY), empties every other
 *    process's within milliseconds. Booking and paying are heard from the sale itself: the advert lifecycle
 *    announces a laptop sold on commit, to every process this one included (SALE_STEP). Other changes made
 *    outside a request (a hold lapsing in a job) are seen within `ttlMs`.
 * Each response keeps its own CSP nonce: the stored page is cut where it goes (kept-copies.ts, which also bounds
 * what is kept, PUBLIC_CACHE_MB, and lets go of copies past their use).
 */

/**
 * The documents of the catalogue's lists (home, /allAdd, a brand's) and of a laptop, whose only personal parts
 * (the top bar's name and counts, hearts, Booked, a seller's own laptop) the page reads after loading. Never
 * their page data (`/allAdd.data`, `/laptops/<id>.data`): the person's.
 */
const SHARED_WHEN_SIGNED_IN = /^\/(allAdd|laptops\/[^/?.]+|category\/[^/?.]+)?(\?|$)/;

/**
 * Public reads whose answer names nobody and depends on no one — the catalogue's JSON lists, counts and brands,
 * a seller's reviews, what a laptop is worth (decision 21): the visitors' copy serves the signed in too, so their
 * request never reaches the app. Nothing personal is in them to leak. Not one laptop (`/api/adverts/:id`): its
 * seller and admins see it held.
 */
const SAME_FOR_EVERYONE = /^\/api\/(adverts(\/(counts|advertised))?|brands|worth|sellers\/[^/?]+\/reviews)(\?|$)/;

/** Requests whose answer is being rendered for every signed-in reader of its kind, to be kept. */
const forEveryone = new WeakSet<FastifyRequest>();
/** Whether this request's page is rendered without the person (loaders leave them out: app/context.ts). */
export const renderedForEveryone = (request: FastifyRequest) => forEveryone.has(request);
/** Requests rendered for everyone whose loader found something only their reader may see: not stored. */
const personal = new WeakSet<FastifyRequest>();
/** The page being rendered shows something only this reader may see (a held laptop): it is not kept for others. */
export const keepFromOthers = (request: FastifyRequest) => void personal.add(request);
/** The one signed-in reader each page being rendered for everyone is not for (a laptop's seller). */
const owners = new WeakMap<FastifyRequest, string>();
/** The page being rendered for everyone of its kind is not for this person (a laptop's seller: theirs differs). */
export const notFor = (request: FastifyRequest, personId: string) => void owners.set(request, personId);

/** Who is reading, for the copies kept for signed-in readers: their kind (`signedInVariant`) and their account. */
export interface SignedInReader {
  kind: string;
  personId: string;
}

const RENDER_DEADLINE_MS = 5_000;
// A seller's public reviews and what a laptop is worth are catalogue reads too; the rest of /api/sellers is for
// admins and sellers.
const NOT_CACHED = /^\/(api\/(?!adverts|brands|worth|sellers\/[^/]+\/reviews)|healthz|media\/|assets\/|auth\/)/;
/**
 * Signing in, up or out changes no page a visitor sees, and neither do private things — messages,
 * favourites (a visitor's heart is never filled), saved searches, notifications — so they leave every
 * process's cache as it is.
 */
const CHANGES_NOTHING_PUBLIC =
  /^\/(api\/auth\/|login|signUp|register\/seller|logout|favourites|dashboard\/(messages|favourites|saved-searches|notifications)|api\/(conversations|favourites|saved-searches|notifications|me\/))/;

/**
 * Booking a laptop and paying for it change no page a visitor sees but the one that says it is sold, and the
 * sale announces that itself, in its transaction (the advert lifecycle, on commit): the API's and the pages'
 * booking and payment need no second announcement — a NOTIFY, heard by every process, per request.
 */
const SALE_STEP = /^\/(api\/orders(\/[^/?]+\/pay)?|book(\.data)?|dashboard\/payment\/[^/?]+(\.data)?)(\?|$)/;

/** A visitor's read of a page or the public catalogue: the same for every visitor, so it may be shared. */
export const readByVisitors = (request: FastifyRequest) =>
  request.method === "GET" && anonymous((name) => request.headers[name]) && !NOT_CACHED.test(request.url);

async function readAll(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === "string") return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  return readWhole(payload);
}

/** How the processes of one marketplace tell each other that a change emptied the cache. */
export interface CacheBroadcast {
  /** Tells every other process (after the change has committed). */
  publish(): Promise<void>;
  /** Calls `emptied` when another process publishes; returns how to stop listening. */
  subscribe(emptied: () => void): Promise<() => Promise<void>>;
}

export interface PublicCacheOptions {
  ttlMs: number;
  /** What the kept copies may hold together, in bytes (PUBLIC_CACHE_MB). */
  maxBytes: number;
  broadcast?: CacheBroadcast;
  /** Each cacheable request: served from the cache (a hit) or rendered (a miss). */
  onLookup?: (hit: boolean) => void;
  /**
   * Which copy of a list page a signed-in browser gets (its kind of reader, and whose account it is: a kept
   * laptop's page is not for its seller), or null for a page of its own: no session, a cookie to set, a toast
   * to show, a browser that has not run our script.
   */
  signedInVariant?: (request: FastifyRequest) => Promise<SignedInReader | null>;
  /**
   * A change on this process or another emptied the cache (after it committed): what else is kept for
   * visitors' lists goes too (the catalogue's kept counts), and a replica is not read until it has the change
   * (server/services.ts, catalogueChanged). Called even with the cache off (`ttlMs` 0).
   */
  onEmpty?: () => void;
}

export async function registerPublicCache(
  app: FastifyInstance,
  { ttlMs, maxBytes, broadcast, onLookup, onEmpty, signedInVariant }: PublicCacheOptions,
) {
  // A copy serves for `ttlMs`, and for as long again while its page is rendered anew.
  const entries = keptCopies({ maxBytes, keepMs: 2 * ttlMs });
  if (ttlMs > 0) {
    const sweeping = setInterval(entries.letGoOfOld, 2 * ttlMs).unref();
    app.addHook("onClose", async () => clearInterval(sweeping));
  }
  /** Bumped by every change: a page rendered from before it is not stored. */
  let generation = 0;
  /** One render per page at a time; the other visitors wait for it (or get the page it replaces). */
  const rendering = new Map<string, { until: number; done: Promise<void> }>();
  const leaders = new WeakMap<FastifyRequest, { key: string; generation: number; render: object; done: () => void }>();

  const serve = (reply: FastifyReply, entry: KeptCopy) => {
    onLookup?.(true);
    return reply
      .status(200)
      .header("content-type", entry.contentType)
      .send(joinWith(entry.parts, scriptNonceOf(reply)));
  };

  /**
   * The entry a request may be answered with: its URL for a visitor, URL and kind of reader signed in (with
   * the reader's account, whom a kept page may not be for).
   */
  async function keyOf(request: FastifyRequest): Promise<{ key: string; reader?: string } | null> {
    if (readByVisitors(request)) return { key: request.url };
    if (request.method === "GET" && SAME_FOR_EVERYONE.test(request.url)) return { key: request.url };
    // The documents only: their page data (`/allAdd.data`, `/_root.data`) is the person's own.
    if (request.method !== "GET" || !signedInVariant || !SHARED_WHEN_SIGNED_IN.test(request.url)) return null;
    const reader = await signedInVariant(request);
    return reader === null ? null : { key: `${request.url}\n${reader.kind}`, reader: reader.personId };
  }

  app.addHook("onRequest", async (request, reply) => {
    if (ttlMs <= 0) return;
    const found = await keyOf(request);
    if (found === null) return;
    const { key, reader } = found;
    // A laptop's seller reading its kept page: theirs is rendered for them, and not kept.
    const passOver = (kept: KeptCopy | undefined) => kept?.notFor !== undefined && kept.notFor === reader;
    let entry = entries.get(key);
    if (passOver(entry)) return;
    const age = entry ? Date.now() - entry.storedAt : Number.POSITIVE_INFINITY;
    if (entry && age <= ttlMs) return serve(reply, entry);
    const inFlight = rendering.get(key);
    // A render that outlives its deadline (a client that went away mid-render) stops holding others up.
    if (inFlight && Date.now() < inFlight.until) {
      // Someone is rendering this page: the page it replaces will do meanwhile, else wait for the new one.
      if (entry && age <= 2 * ttlMs) return serve(reply, entry);
      await inFlight.done;
      entry = entries.get(key);
      if (entry && !passOver(entry)) return serve(reply, entry);
      return;
    }
    let done = () => {};
    const render = { until: Date.now() + RENDER_DEADLINE_MS, done: new Promise<void>((resolve) => (done = resolve)) };
    rendering.set(key, render);
    leaders.set(request, { key, generation, render, done });
    if (reader !== undefined) forEveryone.add(request);
    onLookup?.(false);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const leader = leaders.get(request);
    const contentType = String(reply.getHeader("content-type") ?? "");
    if (
      !leader ||
      personal.has(request) ||
      reply.statusCode !== 200 ||
      reply.hasHeader("set-cookie") ||
      !TEXT_WE_RENDER.test(contentType)
    ) {
      return payload;
    }
    const body = await readAll(payload);
    if (body === null) return payload;
    if (leader.generation === generation) {
      entries.keep(leader.key, { contentType, parts: cutAt(body, scriptNonceOf(reply)), notFor: owners.get(request) });
    }
    return body;
  });

  const release = (request: FastifyRequest) => {
    const leader = leaders.get(request);
    if (!leader) return;
    leaders.delete(request);
    if (rendering.get(leader.key) === leader.render) rendering.delete(leader.key);
    leader.done();
  };
  app.addHook("onRequestAbort", async (request) => release(request));
  app.addHook("onResponse", async (request, reply) => {
    release(request);
    const changing = ["POST", "PUT", "PATCH", "DELETE"].includes(request.method);
    if (
      changing &&
      reply.statusCode < 400 &&
      !CHANGES_NOTHING_PUBLIC.test(request.url) &&
      !SALE_STEP.test(request.url)
    ) {
      empty();
      await broadcast?.publish().catch((error: unknown) => request.log.warn({ error }, "cache broadcast failed"));
    }
  });

  function empty() {
    generation++;
    entries.clear();
    onEmpty?.();
  }
  if (broadcast) {
    const stop = await broadcast.subscribe(empty);
    app.addHook("onClose", async () => stop());
  }
}
