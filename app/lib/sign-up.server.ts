import { type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app-context";
import { signUpSchema } from "../../schemas/accounts.ts";
import { appendCookies } from "./cookies.ts";
import { appErrorData, parseForm } from "./forms.server.ts";
import { readLoginReason, showLoginReason } from "./login-reason.server.ts";
import { pendingFavourite, saveOnArrival } from "./pending-favourite.server.ts";
import { authHeaders, getUser, safeRedirect } from "./session.server.ts";
import { redirectWithToast } from "./toast.server.ts";

/** The toast that greets a new account, saying what it can do next. */
const WELCOME = {
  user: "Welcome to ReLaptop! Your account is ready: book a laptop you like.",
  seller: "Welcome to ReLaptop! Your seller account is ready: post your first laptop.",
} as const;

/** Sign-up and seller sign-up: one rule set, one path; only the role differs. */
export async function signUpAction(request: Request, context: Readonly<RouterContextProvider>, as: "user" | "seller") {
  const parsed = await parseForm(request, signUpSchema);
  if (parsed.error) return parsed.error;
  try {
    const { headers, user } = await context
      .get(appContext)
      .services.accounts.register({ ...parsed.value, as }, authHeaders(request, context));
    // A heart pressed as a visitor (login → "Create an account"): saved for the new buyer.
    if (as === "user") await saveOnArrival(context, user, pendingFavourite(parsed.form.get("favourite")));
    const fallback = as === "seller" ? "/dashboard" : "/";
    return redirectWithToast(
      context,
      safeRedirect(context, parsed.form.get("redirectTo"), fallback),
      { type: "success", message: WELCOME[as] },
      appendCookies(new Headers(), headers),
    );
  } catch (error) {
    return appErrorData(error, parsed.form);
  }
}

/**
 * Signed in already: sign-up goes home; seller sign-up (the Post Add button's target for anyone not
 * acting as a seller) goes to Add Advertisement, which says what this account can do about selling.
 */
export async function signUpLoader(request: Request, context: Readonly<RouterContextProvider>, as: "user" | "seller") {
  if (await getUser(request, context)) throw redirect(as === "seller" ? "/dashboard/post/add" : "/");
  const query = new URL(request.url).searchParams;
  return {
    redirectTo: safeRedirect(context, query.get("redirectTo"), ""),
    favourite: as === "user" ? pendingFavourite(query.get("favourite")) : null,
    // Why a visitor came (a login wall's reason, carried from the login page), named from public data.
    reason: await showLoginReason(context, readLoginReason(query)),
    googleEnabled: context.get(appContext).googleEnabled,
  };
}
