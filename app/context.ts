import { createContext } from "react-router";
import type { Services } from "../server/services.ts";

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
}

export const appContext = createContext<AppContext>();
