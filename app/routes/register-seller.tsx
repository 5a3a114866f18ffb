import { RouteError } from "../components/route-error.tsx";
import { SignUpPage } from "../components/sign-up-form.tsx";
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
  return <SignUpPage as="seller" page={loaderData} result={actionData} />;
}

export const ErrorBoundary = RouteError;
