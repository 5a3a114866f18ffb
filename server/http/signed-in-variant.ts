import type { FastifyRequest } from "fastify";
import { cookieIn } from "../../app/lib/cookies.ts";
import { themeOf } from "../../app/lib/theme.ts";
import { TIME_ZONE_COOKIE, timeZoneOf } from "../../app/lib/time-zone.ts";
import { TOAST_COOKIE } from "../../app/lib/toast.ts";
import { showsVerifyBanner } from "../../app/lib/verify-banner.server.ts";
import type { Services } from "../services.ts";
import type { SignedInReader } from "./public-cache.ts";
import { refreshedSession, sessionUserOf } from "./session-cookies.ts";
import { webRequest } from "./web.ts";

/**
 * Which copy of a catalogue list page a signed-in browser may be given (server/http/public-cache.ts): one per
 * role and mode, theme, time zone and verification banner — everything the page shows before it reads the
 * person's own part. None (the page is rendered for them) without a valid session, when reading the session
 * renewed its cookie or a toast waits to be shown, or for a browser without the time-zone cookie our script
 * sets on signed-in pages: one that has not run it (no JavaScript) could not fill in its name and hearts.
 * The theme, zone and banner are read as the page reads them, so a cookie naming no theme or zone makes no
 * copy of its own.
 */
export function signedInVariant(services: Services) {
  return async (request: FastifyRequest): Promise<SignedInReader | null> => {
    const cookies = String(request.headers.cookie ?? "");
    const zone = cookieIn(cookies, TIME_ZONE_COOKIE);
    if (!zone || cookieIn(cookies, TOAST_COOKIE) !== undefined) return null;
    // The database failing: the page rendered for the person, which fails as any page would.
    const user = await sessionUserOf(services, request).catch(() => null);
    if (!user || refreshedSession(request)) return null;
    const page = webRequest(request);
    const kind = [user.role, user.actingAsSeller, showsVerifyBanner(page, user), themeOf(page), timeZoneOf(page)];
    return { kind: kind.join("|"), personId: user.id };
  };
}
