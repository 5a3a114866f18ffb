import { data, type RouterContextProvider } from "react-router";
import { appContext } from "#app-context";
import { signInLinkRequestSchema } from "../../schemas/login-limits.ts";
import { type ActionErrors, appErrorData, validateForm } from "./forms.server.ts";
import { authHeaders } from "./session.server.ts";

/**
 * "Email me a sign-in link" (intent `email-link`), posted from the login page's offer under a refusal and from
 * /login/link: the one answer whether the account exists or not. `linkFor` keeps the offer on the page.
 */
export async function emailSignInLink(form: FormData, request: Request, context: Readonly<RouterContextProvider>) {
  const parsed = validateForm(form, signInLinkRequestSchema);
  if (parsed.error) return parsed.error;
  const { email } = parsed.value;
  try {
    await context.get(appContext).services.accounts.requestSignInLink(email, authHeaders(request, context));
    return { linkSent: true as const, linkFor: email };
  } catch (error) {
    const refused = appErrorData(error, form);
    return data<ActionErrors & { linkFor: string }>({ ...refused.data, linkFor: email }, refused.init ?? undefined);
  }
}
