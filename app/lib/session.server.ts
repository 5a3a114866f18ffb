import { type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app-context";
import type { SessionUser } from "../../core/accounts/index.ts";
import { type Area, mayEnter, mustTurnOnTwoFactor } from "../../core/accounts/index.ts";
import { MESSAGES } from "../../schemas/messages.ts";
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_PATH } from "../../schemas/two-factor.ts";
import { reasonForPage } from "./login-reason.server.ts";
import { loginPath } from "./paths.ts";
import { redirectWithToast } from "./toast.server.ts";

/** The request's headers for the identity service, carrying the trusted client address. */
export function authHeaders(request: Request, context: Readonly<RouterContextProvider>): Headers {
  const headers = new Headers(request.headers);
  headers.set("x-forwarded-for", context.get(appContext).ip);
  return headers;
}

/**
 * A page's loaders (the root's and its own) run in parallel, each asking who is signed in: on a GET they
 * share one lookup. Not across an action, which may have just changed the account (a new name, a
 * switched mode) before the loaders run again in the same request.
 */
const lookups = new WeakMap<Readonly<RouterContextProvider>, Promise<SessionUser | null>>();

export function getUser(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  const { services, onSessionCookies } = context.get(appContext);
  const lookup = () => services.accounts.getSessionUser(authHeaders(request, context), onSessionCookies);
  if (request.method !== "GET") return lookup();
  let user = lookups.get(context);
  if (!user) {
    user = lookup();
    lookups.set(context, user);
  }
  return user;
}

/**
 * The one check for every redirect whose target a request chose (`redirectTo` in a link or a form, Google's
 * return). The target is read the way a browser reads a Location — against PUBLIC_URL, dropping tabs and
 * newlines, `\` as `/` — and kept only when it is a path on this site. What is returned is the parsed path,
 * so no control character ever reaches a header.
 */
export function safeRedirect(
  context: Readonly<RouterContextProvider>,
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  const site = new URL(context.get(appContext).publicUrl);
  const url = URL.parse(to, site);
  if (!url || url.origin !== site.origin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The page a request is for. Client navigations fetch `/path.data?_routes=…`;
 * the user must come back to `/path`.
 */
export function pagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return `${pathname}${url.search}`;
}

/**
 * Every loader and action that needs an account calls this itself (React Router runs
 * parent and child loaders in parallel, so a layout's check protects nothing).
 * Signed out → /login carrying the origin (and what the page is for, when it can say: reasonForPage);
 * wrong role → / with the spec's toast; an admin who must turn two-factor on first (ADMIN_TWO_FACTOR) → its
 * setup page, told why.
 */
export async function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
  area: Area = "signed-in",
): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) {
    const page = pagePath(request);
    throw redirect(loginPath(page, reasonForPage(page)));
  }
  if (!mayEnter(user, area)) {
    throw await redirectWithToast(context, "/", { type: "error", message: MESSAGES.toast.forbidden });
  }
  if (mustTurnOnTwoFactor(user, area, context.get(appContext).services.accounts.twoFactor.adminPolicy)) {
    throw await redirectWithToast(context, TWO_FACTOR_PATH, {
      type: "error",
      message: TWO_FACTOR_MESSAGES.requiredForAdmin,
    });
  }
  return user;
}
