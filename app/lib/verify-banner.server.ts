import type { SessionUser } from "../../core/accounts/index.ts";
import { readCookie } from "./cookies.ts";

/** Set when the person hides the banner: it stays hidden until the browser is closed. */
export const BANNER_COOKIE = "relaptop_verify_banner";
/** Forgotten once nobody is signed in: the next account in this browser decides for itself. */
export const FORGET_BANNER = `${BANNER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;

/** Whether signed-in pages show "Please verify your email address." for this account and browser. */
export function showsVerifyBanner(request: Request, user: SessionUser | null): boolean {
  if (!user || user.emailVerified) return false;
  return readCookie(request, BANNER_COOKIE) !== "hidden";
}
