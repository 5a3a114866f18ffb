import { Link } from "react-router";
import { appContext } from "#app-context";
import { CHANGE_EMAIL_MESSAGES as M } from "../../schemas/accounts.ts";
import { RouteError } from "../components/route-error.tsx";
import { getUser } from "../lib/session.server.ts";
import type { Route } from "./+types/account-email-confirm";

export const meta = () => [{ title: "Change your email — ReLaptop" }, { name: "robots", content: "noindex" }];

/**
 * The link sent to the new address: following it changes the account's email (once; for 24 hours), as
 * /verify-email verifies on following. Signed in as another account, it changes nothing (and stays usable).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { services } = context.get(appContext);
  const user = await getUser(request, context);
  const result =
    token === "" || token.length > 200
      ? ({ ok: false, reason: "invalid" } as const)
      : await services.accounts.profile.confirmEmailChange(token, user);
  const message = result.ok
    ? M.changed(result.email)
    : result.reason === "other"
      ? M.otherAccount
      : result.reason === "taken"
        ? M.addressTaken
        : M.linkInvalid;
  return { ok: result.ok, message, signedIn: Boolean(user) };
}

export default function ConfirmEmailChange({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col items-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Change your email address</h1>
      {loaderData.ok ? (
        <p role="status" className="alert alert-success">
          {loaderData.message}
        </p>
      ) : (
        <p role="alert">{loaderData.message}</p>
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
