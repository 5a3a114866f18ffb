import type { RouterContextProvider } from "react-router";
import { appContext } from "#app-context";
import type { SessionUser } from "../../core/accounts/index.ts";

/** Set when the person hides the banner: it stays hidden until the browser is closed. */
export const BANNER_COOKIE = "relaptop_verify_banner";

/** Whether signed-in pages show "Please verify your email address." for this account and browser. */
export async function showsVerifyBanner(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: SessionUser | null,
): Promise<boolean> {
  if (!user) return false;
  const hidden = (request.headers.get("cookie") ?? "").split(/;\s*/).includes(`${BANNER_COOKIE}=hidden`);
  return !hidden && (await context.get(appContext).services.recovery.needsVerification(user.id));
}
