import { Link } from "react-router";
import { RouteError } from "../components/route-error.tsx";
import { SignUpForm } from "../components/sign-up-form.tsx";
import { otherWayIn } from "../lib/account-links.ts";
import { passRetryAfter } from "../lib/forms.server.ts";
import { signUpAction, signUpLoader } from "../lib/sign-up.server.ts";
import type { Route } from "./+types/register-seller";

/** A limit's 429 says when to try again (Retry-After). */
export const headers = passRetryAfter;

export const meta = () => [
  { title: "Become a seller — ReLaptop" },
  { name: "description", content: "Sell your used laptop on ReLaptop: create a seller account and post an advert." },
];

export const loader = ({ request, context }: Route.LoaderArgs) => signUpLoader(request, context, "seller");
export const action = ({ request, context }: Route.ActionArgs) => signUpAction(request, context, "seller");

export default function RegisterSeller({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto w-full max-w-md p-6">
      <h1 className="mb-6 text-center text-3xl font-bold">Make You Seller!</h1>
      <SignUpForm result={actionData} redirectTo={loaderData.redirectTo} submitLabel="Register as Seller" />
      <p className="mt-6 text-center text-sm">
        Already selling with us?{" "}
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
