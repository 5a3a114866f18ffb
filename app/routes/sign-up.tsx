import { Link } from "react-router";
import { GoogleButton } from "../components/google-button.tsx";
import { RouteError } from "../components/route-error.tsx";
import { SignUpForm } from "../components/sign-up-form.tsx";
import { otherWayIn } from "../lib/account-links.ts";
import { passRetryAfter } from "../lib/forms.server.ts";
import { signUpAction, signUpLoader } from "../lib/sign-up.server.ts";
import type { Route } from "./+types/sign-up";

/** A limit's 429 says when to try again (Retry-After). */
export const headers = passRetryAfter;

export const meta = () => [
  { title: "Sign up — ReLaptop" },
  { name: "description", content: "Create a ReLaptop account to book used laptops and pay by card." },
];

export const loader = ({ request, context }: Route.LoaderArgs) => signUpLoader(request, context, "user");
export const action = ({ request, context }: Route.ActionArgs) => signUpAction(request, context, "user");

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-md p-6">
      <h1 className="mb-6 text-center text-3xl font-bold">Sign Up</h1>
      <SignUpForm
        result={actionData}
        redirectTo={loaderData.redirectTo}
        favourite={loaderData.favourite}
        submitLabel="Sign Up"
      />
      {loaderData.googleEnabled && (
        <div className="mt-4">
          <div className="divider">OR</div>
          <GoogleButton redirectTo={loaderData.redirectTo || "/"} favourite={loaderData.favourite} />
        </div>
      )}
      <p className="mt-6 text-center text-sm">
        Already have an account?{" "}
        <Link to={otherWayIn("/login", loaderData)} className="link link-primary">
          Login
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
