import { type RouterContextProvider, redirect } from "react-router";
import { appContext } from "#app-context";
import { signUpSchema } from "../../schemas/accounts.ts";
import { appendCookies } from "./cookies.ts";
import { appErrorData, parseForm } from "./forms.server.ts";
import { authHeaders, getUser, safeRedirect } from "./session.server.ts";

/** Sign-up and seller sign-up: one rule set, one path; only the role differs. */
export async function signUpAction(request: Request, context: Readonly<RouterContextProvider>, as: "user" | "seller") {
  const parsed = await parseForm(request, signUpSchema);
  if (parsed.error) return parsed.error;
  try {
    const { headers } = await context
      .get(appContext)
      .services.accounts.register({ ...parsed.value, as }, authHeaders(request, context));
    const fallback = as === "seller" ? "/dashboard" : "/";
    return redirect(safeRedirect(context, parsed.form.get("redirectTo"), fallback), {
      headers: appendCookies(new Headers(), headers),
    });
  } catch (error) {
    return appErrorData(error);
  }
}

export async function signUpLoader(request: Request, context: Readonly<RouterContextProvider>) {
  if (await getUser(request, context)) throw redirect("/");
  return {
    redirectTo: safeRedirect(context, new URL(request.url).searchParams.get("redirectTo"), ""),
    googleEnabled: context.get(appContext).googleEnabled,
  };
}
