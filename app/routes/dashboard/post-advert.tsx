import { data } from "react-router";
import { appContext } from "#app-context";
import { platformFee } from "../../../core/orders/index.ts";
import { advertSchema } from "../../../schemas/catalogue.ts";
import { postingRefusal } from "../../../schemas/roles.ts";
import { AdvertForm } from "../../components/advert-form.tsx";
import { PostingRefused } from "../../components/posting-refused.tsx";
import { myProductsPath, saveAndLeave } from "../../lib/save-form.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/post-advert";

/** Anyone signed in may open the page: who may not post is told why and what to do (the action still refuses). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refusal = postingRefusal(await requireUser(request, context));
  if (refusal) return data({ refusal, brands: [], fee: platformFee() }, { status: 403 });
  // The fee rule in force, for "You receive" under the price.
  return { refusal, brands: await context.get(appContext).services.catalogue.listBrands(), fee: platformFee() };
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
      <h1 className="mb-6 text-3xl font-bold">Add Advertisement</h1>
      {loaderData.refusal ? (
        <PostingRefused reason={loaderData.refusal} />
      ) : (
        <AdvertForm
          brands={loaderData.brands}
          fee={loaderData.fee}
          result={actionData}
          submitLabel="Add Advertisement"
        />
      )}
    </section>
  );
}
