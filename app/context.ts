import { createContext, type RouterContext } from "react-router";

/**
 * The domain services the loaders and actions call. Declared empty here and filled in by the server that builds
 * them (server/page-context.ts merges its services' type into this one), so the pages know their shape without
 * importing the server.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging (server/page-context.ts).
export interface Services {}

/**
 * What the server hands every loader and action. Kept as a separate module (and
 * external to the server build, see package.json "imports") so that the Fastify
 * server and the route modules share one context token.
 */
export interface AppContext {
  services: Services;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The client address Fastify trusts (x-forwarded-for from the browser is not). */
  ip: string;
  googleEnabled: boolean;
  /** The site's public address, for absolute links in share previews and structured data. */
  publicUrl: string;
  authSecret: string;
  secureCookies: boolean;
  /**
   * A browser asking for a whole page (a link followed, a form posted without JavaScript: `Accept: text/html`),
   * not React Router's data requests (`….data`) nor a fetcher's call of a resource route: after an action,
   * the page's loaders run in this same request.
   */
  documentRequest: boolean;
  /** Where a session extended while it was read sends its new cookies (with this request's answer). */
  onSessionCookies: (cookies: string[]) => void;
  /**
   * A catalogue page rendered for every signed-in reader of its kind (server/http/public-cache.ts): the
   * loaders leave out the person — their name, counts, hearts and bookings — which the page reads once loaded.
   */
  forEveryone: boolean;
  /** Such a page shows something only this reader may see (a held laptop): it is not kept for the others. */
  keepFromOthers: () => void;
  /** Such a page is not for this person (a laptop's seller, whose own page differs): theirs is rendered for them. */
  notFor: (personId: string) => void;
}

/**
 * One token per process, however many times this module is evaluated: under `npm run dev` Vite evaluates the
 * route modules, and this one with them, in its own module graph beside the server's copy (and again after an
 * edit), and each copy must find what the server put in the context.
 */
const TOKEN = Symbol.for("relaptop.appContext");
const shared = globalThis as { [TOKEN]?: RouterContext<AppContext> };
shared[TOKEN] ??= createContext<AppContext>();
export const appContext = shared[TOKEN];
