import { appContext } from "#app-context";
import { advertUpdateSchema } from "../../../schemas/catalogue.ts";
import { CATALOGUE_MESSAGES } from "../../../schemas/messages.ts";
import { priceGuidanceQuerySchema } from "../../../schemas/price-guidance.ts";
import { AdvertForm } from "../../components/advert-form.tsx";
import { idOrNotFound } from "../../lib/id-or-not-found.ts";
import { loadOrRedirect } from "../../lib/load-or-redirect.server.ts";
import { myProductsPath } from "../../lib/paths.ts";
import { saveAndLeave } from "../../lib/save-form.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/edit-advert";

/** The advert's id from the path: anything else is the same not-found as an advert that is not there. */
const advertId = (path: string | undefined) => idOrNotFound(path, CATALOGUE_MESSAGES.advertNotFound);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "seller");
  const { services } = context.get(appContext);
  const values = await loadOrRedirect(context, () => services.catalogue.adverts.getForEdit(user, advertId(params.id)));
  // The guidance for what the advert says now, in the first render (the form asks again as it changes).
  const asked = priceGuidanceQuerySchema.safeParse({
    ...values,
    batteryHealth: values.batteryReport?.percent ?? values.batteryHealth,
  });
  const [brands, guidance, state] = await Promise.all([
    services.catalogue.listBrands(),
    asked.success ? services.catalogue.priceGuidance(asked.data) : null,
    services.catalogue.adverts.proofState(values.id),
  ]);
  // A code for a proof photo while the advert has none waiting or approved.
  const open = state === null || state.status === "rejected";
  const proof = { code: open ? await services.catalogue.adverts.proofCode(user) : null, state };
  // The fee rule in force, for "You receive" under the price.
  return { values, brands, guidance, proof, fee: context.get(appContext).services.orders.platformFee() };
}

export const action = (args: Route.ActionArgs) =>
  saveAndLeave(args, {
    area: "seller",
    schema: advertUpdateSchema,
    save: (user, advert) =>
      args.context.get(appContext).services.catalogue.adverts.update(user, advertId(args.params.id), advert),
    leave: (user) => ({ to: myProductsPath(user.email), message: "Your advert is updated." }),
  });

export const meta = () => [{ title: "Edit Advertisement — ReLaptop" }];

export default function EditAdvert({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-3xl font-bold">Edit Advertisement</h1>
      <AdvertForm
        brands={loaderData.brands}
        values={loaderData.values}
        guidance={loaderData.guidance}
        fee={loaderData.fee}
        proof={loaderData.proof}
        result={actionData}
        submitLabel="Save changes"
      />
    </section>
  );
}
