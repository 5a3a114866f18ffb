import { data } from "react-router";
import { appContext } from "#app-context";
import {
  REFUSED_FORM_HEADING,
  REFUSED_FORM_REASONS,
  REFUSED_FORM_WORDS,
  type RefusedFormReason,
} from "../../schemas/refused-form.ts";
import { RouteError } from "../components/route-error.tsx";
import type { Route } from "./+types/form-refused";

/**
 * Where a refused form lands (server/http/origin-check.ts): what happened and what to do, in the site's
 * layout. Answered 403: the form did nothing.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("reason");
  const reason: RefusedFormReason = REFUSED_FORM_REASONS.find((r) => r === asked) ?? "cross-site";
  const site = context.get(appContext).publicUrl;
  return data({ reason, site, ...REFUSED_FORM_WORDS[reason](site) }, { status: 403 });
}

export const meta = () => [{ title: `${REFUSED_FORM_HEADING} — ReLaptop` }, { name: "robots", content: "noindex" }];

export default function FormRefused({ loaderData }: Route.ComponentProps) {
  const { reason, site, happened, todo } = loaderData;
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center gap-4 p-10 text-center">
      <h1 className="text-3xl font-bold">{REFUSED_FORM_HEADING}</h1>
      <p>{happened}</p>
      <p>{todo}</p>
      {reason === "cross-site" && (
        <a href={site} className="btn btn-primary">
          Open ReLaptop at {site}
        </a>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteError;
