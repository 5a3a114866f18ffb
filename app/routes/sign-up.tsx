import { RouteError } from "../components/route-error.tsx";
import { SignUpPage } from "../components/sign-up-form.tsx";
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
  return <SignUpPage as="user" page={loaderData} result={actionData} />;
}

export const ErrorBoundary = RouteError;
