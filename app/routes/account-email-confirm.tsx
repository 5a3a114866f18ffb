import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { CHANGE_EMAIL_MESSAGES as M } from "../../schemas/accounts.ts";
import { RouteError } from "../components/route-error.tsx";
import { parseForm } from "../lib/forms.server.ts";
import { getUser } from "../lib/session.server.ts";
import type { Route } from "./+types/account-email-confirm";

export const meta = () => [{ title: "Change your email — ReLaptop" }, { name: "robots", content: "noindex" }];

const tokenOf = (value: string | null | undefined) => (value && value.length <= 200 ? value : "");

/**
 * The link sent to the new address opens a page with one button: following a link changes nothing, because
 * mail scanners open links too. Pressing it changes the account's email (once; for 24 hours). Signed in as
 * another account, it changes nothing (and the link stays usable).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  return { token, signedIn: Boolean(await getUser(request, context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, z.object({ token: z.string().max(200).optional() }));
  const token = parsed.error ? "" : tokenOf(parsed.value.token);
  const user = await getUser(request, context);
  const result = token
    ? await context.get(appContext).services.accounts.profile.confirmEmailChange(token, user)
    : ({ ok: false, reason: "invalid" } as const);
  const message = result.ok
    ? M.changed(result.email)
    : result.reason === "other"
      ? M.otherAccount
      : result.reason === "taken"
        ? M.addressTaken
        : M.linkInvalid;
  return { ok: result.ok, message };
}

export default function ConfirmEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto flex w-full max-w-md flex-col items-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Change your email address</h1>
      {actionData ? (
        actionData.ok ? (
          <p role="status" className="alert alert-success">
            {actionData.message}
          </p>
        ) : (
          <p role="alert">{actionData.message}</p>
        )
      ) : loaderData.token ? (
        <Form method="post" className="flex flex-col items-center gap-3">
          <p>Press the button to make this address your ReLaptop email.</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Confirm my new email address
          </button>
        </Form>
      ) : (
        <p role="alert">{M.linkInvalid}</p>
      )}
      {loaderData.signedIn ? (
        <Link to="/profile" className="link link-primary">
          Go to your profile
        </Link>
      ) : (
        <Link to="/login?redirectTo=%2Fprofile" className="btn btn-primary">
          Log in
        </Link>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteError;
