import { useEffect } from "react";
import { browserZone, TIME_ZONE_COOKIE } from "./time-zone.ts";

/**
 * Keeps the cookie naming the browser's zone (the server renders times with it). Only while someone is signed
 * in: a visitor's requests must carry no cookie, or the visitors' cache could not answer them. It also tells
 * the server this browser runs our script, so it may be given a list page kept for every reader of its kind
 * (server/http/signed-in-variant.ts).
 */
export function useRememberTimeZone(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    const zone = browserZone();
    const current = document.cookie.match(new RegExp(`(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)`))?.[1];
    if (current === encodeURIComponent(zone)) return;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser people use yet
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  }, [signedIn]);
}
