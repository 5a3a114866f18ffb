import { data, redirect } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { googleUnlinkSchema, SIGN_IN_WAYS_MESSAGES as M } from "../../schemas/accounts.ts";
import { appendCookies } from "../lib/cookies.ts";
import { type ActionErrors, appErrorData, passRetryAfter, validateForm } from "../lib/forms.server.ts";
import { authHeaders, requireUser } from "../lib/session.server.ts";
import { doneOn, redirectWithToast, refusedOn } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-google";

const BACK = "/account/google";
const PROFILE = "/profile";

/**
 * Where Google sends the browser back after "Link a Google account": linked (`?linked`), or refused
 * (`?error=…`, better-auth's code, said in our words). Either way the profile says how it went.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const query = new URL(request.url).searchParams;
  const error = query.get("error");
  if (error !== null) {
    return redirectWithToast(context, PROFILE, { type: "error", message: M.linkRefused[error] ?? M.linkFailed });
  }
  if (query.has("linked")) return redirectWithToast(context, PROFILE, { type: "success", message: M.googleLinked });
  throw redirect(PROFILE);
}

/** Too many wrong passwords, then a wait: the 429 says how long (Retry-After). */
export const headers = passRetryAfter;

/**
 * The profile's "Google" section (app/components/google-account.tsx): "Link a Google account" sends the browser
 * to Google (core/accounts/sign-in-ways.ts); "Unlink Google" takes the password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = z.enum(["link", "unlink"]).safeParse(form.get("intent"));
  if (!intent.success)
    return refusedOn(context, PROFILE, data<ActionErrors>({ formError: "Choose what to do." }, { status: 400 }));
  const { services, googleEnabled } = context.get(appContext);
  try {
    if (intent.data === "link") {
      if (!googleEnabled)
        return refusedOn(context, PROFILE, data<ActionErrors>({ formError: M.linkFailed }, { status: 409 }));
      const { url, headers } = await services.accounts.profile.startGoogleLink(
        authHeaders(request, context),
        `${BACK}?linked`,
        BACK,
      );
      return redirect(url, { headers: appendCookies(new Headers(), headers) });
    }
    const parsed = validateForm(form, googleUnlinkSchema);
    if (parsed.error) return refusedOn(context, PROFILE, parsed.error);
    await services.accounts.profile.unlinkGoogle(user, parsed.value.password, authHeaders(request, context));
    return doneOn(context, PROFILE, { ok: "unlinked" as const }, { type: "success", message: M.googleUnlinked });
  } catch (error) {
    return refusedOn(context, PROFILE, appErrorData(error, form));
  }
}
