import { Form, Link, redirect, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { loginSchema } from "../../schemas/accounts.ts";
import { MESSAGES } from "../../schemas/messages.ts";
import { FormError, TextField } from "../components/form-field.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { RouteError } from "../components/route-error.tsx";
import { appendCookies } from "../lib/cookies.ts";
import { appErrorData, parseForm } from "../lib/forms.server.ts";
import { authHeaders, getUser, safeRedirect } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import type { Route } from "./+types/login";

export const meta = () => [
  { title: "Login — ReLaptop" },
  { name: "description", content: "Log in to book laptops, pay and manage your adverts." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(context, new URL(request.url).searchParams.get("redirectTo"));
  if (await getUser(request, context)) throw redirect(redirectTo);
  return { redirectTo, googleEnabled: context.get(appContext).googleEnabled };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, loginSchema);
  if (parsed.error) return parsed.error;
  try {
    const { headers } = await context
      .get(appContext)
      .services.accounts.signIn(parsed.value, authHeaders(request, context));
    return redirectWithToast(
      context,
      safeRedirect(context, parsed.form.get("redirectTo")),
      { type: "success", message: MESSAGES.toast.loggedIn },
      appendCookies(new Headers(), headers),
    );
  } catch (error) {
    return appErrorData(error);
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const form = useValidatedForm(loginSchema, actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mx-auto w-full max-w-md p-6">
      <h1 className="mb-6 text-center text-3xl font-bold">Login</h1>
      <Form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
        <FormError message={form.formError} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField label="Email" name="email" type="email" autoComplete="email" error={form.errors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={form.errors.password}
        />
        <Link to="/forgot-password" className="link link-primary -mt-2 self-end text-sm">
          Forgot password?
        </Link>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Login
        </button>
      </Form>
      {loaderData.googleEnabled && (
        <div className="mt-4">
          <div className="divider">OR</div>
          <GoogleButton redirectTo={loaderData.redirectTo} />
        </div>
      )}
      <p className="mt-6 text-center text-sm">
        New to ReLaptop?{" "}
        <Link to="/signUp" className="link link-primary">
          Create an account
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
