import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "../../core/accounts/index.ts";
import type { Services } from "../services.ts";
import { webHeaders } from "./web.ts";

const refreshed = new WeakMap<FastifyRequest, string[]>();

/**
 * Where the session's new cookies go when reading it extended it (its daily extension): they are sent
 * with this request's answer, so the browser keeps the session as long as the database does.
 */
export const keepRefreshedCookies = (request: FastifyRequest) => (cookies: string[]) => {
  refreshed.set(request, [...(refreshed.get(request) ?? []), ...cookies]);
};

/** Whether reading this request's session renewed its cookie (this answer must carry it). */
export const refreshedSession = (request: FastifyRequest) => refreshed.has(request);

/** Who is signed in, for an API route or a page's upload. */
export const sessionUserOf = (services: Services, request: FastifyRequest): Promise<SessionUser | null> =>
  services.accounts.getSessionUser(webHeaders(request), keepRefreshedCookies(request));

/** onSend: adds them — unless the answer sets a cookie of that name itself (signing out clears it). */
export async function sendRefreshedCookies(request: FastifyRequest, reply: FastifyReply) {
  const cookies = refreshed.get(request);
  if (!cookies) return;
  const existing = [reply.getHeader("set-cookie") ?? []].flat().map(String);
  const named = new Set(existing.map((c) => c.slice(0, c.indexOf("="))));
  const added = cookies.filter((c) => !named.has(c.slice(0, c.indexOf("="))));
  if (added.length > 0) reply.header("set-cookie", [...existing, ...added]);
}
