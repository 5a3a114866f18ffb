import { data, Link } from "react-router";
import { appContext } from "#app-context";
import { advertSchema } from "../../../schemas/catalogue.ts";
import { postingRefusal } from "../../../schemas/roles.ts";
import { AdvertForm, type AdvertPrefill, PREFILLED } from "../../components/advert-form.tsx";
import { PostingRefused } from "../../components/posting-refused.tsx";
import { myProductsPath } from "../../lib/paths.ts";
import { saveAndLeave } from "../../lib/save-form.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/post-advert";

/** Anyone signed in may open the page: who may not post is told why and what to do (the action still refuses). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const refusal = postingRefusal(user);
  const { catalogue, orders } = context.get(appContext).services;
  const none = { code: null, state: null };
  if (refusal)
    return data({ refusal, brands: [], fee: orders.platformFee(), prefill: {}, proof: none }, { status: 403 });
  // The fee rule in force, for "You receive" under the price; what /worth's Sell it carried, to start from; the
  // seller's code for a proof photo.
  const [brands, code] = await Promise.all([catalogue.listBrands(), catalogue.adverts.proofCode(user)]);
  const prefill = prefillFrom(new URL(request.url).searchParams);
  return { refusal, brands, fee: orders.platformFee(), prefill, proof: { code, state: null } };
}

/** /worth's answer carries the specification it priced: the form starts from it (as text, checked on posting). */
function prefillFrom(params: URLSearchParams): AdvertPrefill {
  return Object.fromEntries(
    PREFILLED.flatMap((k) => {
      const v = params.get(k)?.slice(0, 100);
      return v ? [[k, v]] : [];
    }),
  );
}

export const action = (args: Route.ActionArgs) =>
  saveAndLeave(args, {
    area: "seller",
    schema: advertSchema,
    save: (user, advert) => args.context.get(appContext).services.catalogue.adverts.create(user, advert),
    leave: (user) => ({ to: myProductsPath(user.email), message: "Your laptop is posted." }),
  });

export const meta = () => [{ title: "Add Advertisement — ReLaptop" }];

export default function PostAdvert({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-2 text-3xl font-bold">Add Advertisement</h1>
      <p className="mb-6">
        Not sure what to ask?{" "}
        <Link to="/worth" className="link link-primary">
          See what laptops like yours sold for
        </Link>
        .
      </p>
      {loaderData.refusal ? (
        <PostingRefused reason={loaderData.refusal} />
      ) : (
        <AdvertForm
          brands={loaderData.brands}
          fee={loaderData.fee}
          prefill={loaderData.prefill}
          proof={loaderData.proof}
          result={actionData}
          submitLabel="Add Advertisement"
        />
      )}
    </section>
  );
}
