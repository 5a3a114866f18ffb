import { createCookieSessionStorage, data, type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app-context";
import { readCookie } from "./cookies.ts";
import { type ActionErrors, appErrorData } from "./forms.server.ts";
import { TOAST_COOKIE, type Toast } from "./toast.ts";

/** Toasts that survive a redirect: written to a signed flash cookie, read once by the root loader. */
type ToastData = { toast: Toast & { id: string } };
let storage: ReturnType<typeof createCookieSessionStorage<ToastData, ToastData>> | undefined;

function toastStorage(context: Readonly<RouterContextProvider>) {
  const { authSecret, secureCookies } = context.get(appContext);
  storage ??= createCookieSessionStorage<ToastData, ToastData>({
    cookie: {
      name: TOAST_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies,
      secrets: [authSecret],
    },
  });
  return storage;
}

/** Each toast its own id: the page shows one once, however often it re-renders. */
const identified = (toast: Toast): ToastData["toast"] => ({ ...toast, id: crypto.randomUUID() });

export async function toastCookie(context: Readonly<RouterContextProvider>, toast: Toast): Promise<string> {
  const s = toastStorage(context);
  const session = await s.getSession();
  session.flash("toast", identified(toast));
  return s.commitSession(session);
}

/**
 * The toast an action answering in place set, when the page was posted without JavaScript: the action and
 * then every loader run in that one request, so the root loader shows it from here. As a cookie it would
 * reach the browser only with this answer, and show on the next page instead.
 */
const setThisRequest = new WeakMap<Readonly<RouterContextProvider>, ToastData["toast"]>();

export async function redirectWithToast(
  context: Readonly<RouterContextProvider>,
  to: string,
  toast: Toast,
  headers: Headers = new Headers(),
) {
  headers.append("set-cookie", await toastCookie(context, toast));
  return redirect(to, { headers });
}

/**
 * The pending toast, and the cookie that clears it — removes it, so that a browser carries the toast cookie
 * only while a toast waits (a signed-in list page may then be one kept for everyone: signed-in-variant.ts).
 */
export async function popToast(request: Request, context: Readonly<RouterContextProvider>) {
  const s = toastStorage(context);
  const now = setThisRequest.get(context);
  if (now) return { toast: now, setCookie: null };
  const session = await s.getSession(request.headers.get("cookie"));
  const toast = session.get("toast");
  // An empty one (kept by earlier versions, or not ours) goes too.
  const remove = toast || readCookie(request, TOAST_COOKIE) !== undefined;
  return { toast: toast ?? null, setCookie: remove ? await s.destroySession(session) : null };
}

/**
 * An action's answer with a toast the page shows once it has revalidated (a cookie the root loader reads);
 * posted without JavaScript, the page drawn in the same request shows it.
 */
export async function dataWithToast<T>(
  context: Readonly<RouterContextProvider>,
  payload: T,
  toast: Toast,
  headers: Headers = new Headers(),
) {
  if (context.get(appContext).documentRequest) setThisRequest.set(context, identified(toast));
  else headers.append("set-cookie", await toastCookie(context, toast));
  return data(payload, { headers });
}

/** A domain refusal answered to a fetcher: the error data, plus the message as an error toast. */
export async function errorDataWithToast(context: Readonly<RouterContextProvider>, error: unknown) {
  const failed = appErrorData(error);
  return dataWithToast(context, failed.data, { type: "error", message: failed.data.formError ?? "That did not work." });
}

/*
 * The profile's "Google" posts to a route of its own (/account/google: linking goes to Google and back) that
 * answers its fetcher with data. Posted without JavaScript, the browser would be shown that data as it is
 * (JSON): so it is sent back to the page it came from, told in a toast what was done or refused.
 */

/** Done: the fetcher's data and toast, or, without JavaScript, back to `page` with the toast. */
export async function doneOn<T>(context: Readonly<RouterContextProvider>, page: string, payload: T, toast: Toast) {
  if (context.get(appContext).documentRequest) return redirectWithToast(context, page, toast);
  return dataWithToast(context, payload, toast);
}

/** Refused: the fetcher's refusal, or, without JavaScript, back to `page` saying why (the form's or a field's words). */
export async function refusedOn(
  context: Readonly<RouterContextProvider>,
  page: string,
  refusal: ReturnType<typeof data<ActionErrors>>,
) {
  if (!context.get(appContext).documentRequest) return refusal;
  const { formError, fields } = refusal.data;
  const message = formError ?? Object.values(fields ?? {})[0] ?? "That did not work.";
  return redirectWithToast(context, page, { type: "error", message });
}
