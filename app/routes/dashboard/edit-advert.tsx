import { appContext } from "#app-context";
import { platformFee } from "../../../core/orders/index.ts";
import { advertUpdateSchema } from "../../../schemas/catalogue.ts";
import { priceGuidanceQuerySchema } from "../../../schemas/price-guidance.ts";
import { AdvertForm } from "../../components/advert-form.tsx";
import { appErrorData, parseForm } from "../../lib/forms.server.ts";
import { loadOrRedirect } from "../../lib/load-or-redirect.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/edit-advert";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "seller");
  const { services } = context.get(appContext);
  const values = await loadOrRedirect(context, () => services.catalogue.adverts.getForEdit(user, params.id));
  // The guidance for what the advert says now, in the first render (the form asks again as it changes).
  const asked = priceGuidanceQuerySchema.safeParse(values);
  const [brands, guidance] = await Promise.all([
    services.catalogue.listBrands(),
    asked.success ? services.catalogue.priceGuidance(asked.data) : null,
  ]);
  // The fee rule in force, for "You receive" under the price.
  return { values, brands, guidance, fee: platformFee() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context, "seller");
  const parsed = await parseForm(request, advertUpdateSchema);
  if (parsed.error) return parsed.error;
  try {
    await context.get(appContext).services.catalogue.adverts.update(user, params.id, parsed.value);
  } catch (error) {
    return appErrorData(error);
  }
  return redirectWithToast(context, `/dashboard/adds/${encodeURIComponent(user.email)}`, {
    type: "success",
    message: "Your advert is updated.",
  });
}

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
        result={actionData}
        submitLabel="Save changes"
      />
    </section>
  );
}
