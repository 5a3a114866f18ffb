import type { FastifyRequest } from "fastify";
import { THEME_COOKIE } from "../../app/lib/theme.ts";
import { TIME_ZONE_COOKIE } from "../../app/lib/time-zone.ts";
import { TOAST_COOKIE } from "../../app/lib/toast.ts";
import { BANNER_COOKIE } from "../../app/lib/verify-banner.server.ts";
import type { Services } from "../services.ts";
import { refreshedSession, sessionUserOf } from "./session-cookies.ts";

function cookieOf(header: string, name: string): string {
  const pair = header.split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  return pair?.slice(name.length + 1) ?? "";
}

/**
 * Which copy of a catalogue list page a signed-in browser may be given (server/http/public-cache.ts): one per
 * role and mode, theme, time zone and verification banner — everything the page shows before it reads the
 * person's own part. None (the page is rendered for them) without a valid session, when reading the session
 * renewed its cookie or a toast waits to be shown, or for a browser without the time-zone cookie our script
 * sets on signed-in pages: one that has not run it (no JavaScript) could not fill in its name and hearts.
 */
export function signedInVariant(services: Services) {
  return async (request: FastifyRequest): Promise<string | null> => {
    const cookies = String(request.headers.cookie ?? "");
    const zone = cookieOf(cookies, TIME_ZONE_COOKIE);
    if (!zone || cookieOf(cookies, TOAST_COOKIE)) return null;
    const user = await sessionUserOf(services, request);
    if (!user || refreshedSession(request)) return null;
    const banner = !user.emailVerified && cookieOf(cookies, BANNER_COOKIE) !== "hidden";
    return [user.role, user.actingAsSeller, banner, cookieOf(cookies, THEME_COOKIE), zone].join("|");
  };
}
