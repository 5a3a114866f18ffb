import type { RouterContextProvider } from "react-router";
import { appContext } from "#app-context";
import type { SessionUser } from "../../core/accounts/index.ts";
import { AppError } from "../../core/errors.ts";
import { SESSION_MESSAGES as M, sessionIdParams } from "../../schemas/sessions.ts";
import { appErrorData } from "./forms.server.ts";
import { authHeaders } from "./session.server.ts";
import { dataWithToast } from "./toast.server.ts";

/** The profile's intents for "Where you're signed in" (app/components/signed-in-sessions.tsx). */
export const SESSION_INTENTS = ["sign-out-session", "sign-out-others"] as const;

export const isSessionIntent = (intent: unknown): intent is (typeof SESSION_INTENTS)[number] =>
  SESSION_INTENTS.includes(intent as never);

/** The person's sessions, the asking one marked (the request's cookie names it). */
export function loadSessions(request: Request, context: Readonly<RouterContextProvider>, user: SessionUser) {
  return context.get(appContext).services.accounts.sessions.list(user, authHeaders(request, context));
}

/** Signs out one session of the person's (another's id: the 404's message as the form's error), or all others. */
export async function sessionAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  form: FormData,
) {
  const { services } = context.get(appContext);
  if (form.get("intent") === "sign-out-others") {
    const { ended } = await services.accounts.sessions.endOthers(user, authHeaders(request, context));
    return dataWithToast(context, { ok: "sessions" as const }, { type: "success", message: M.signedOutOthers(ended) });
  }
  // An id that cannot be a session's names none of the person's: the same answer as another person's.
  const id = sessionIdParams.safeParse({ id: form.get("sessionId") });
  try {
    if (!id.success) throw new AppError("NOT_FOUND", M.notFound);
    await services.accounts.sessions.end(user, id.data.id);
  } catch (error) {
    return appErrorData(error);
  }
  return dataWithToast(context, { ok: "sessions" as const }, { type: "success", message: M.signedOut });
}
