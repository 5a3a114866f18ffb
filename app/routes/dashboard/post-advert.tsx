import { appContext } from "#app-context";
import { advertSchema } from "../../../schemas/catalogue.ts";
import { AdvertForm } from "../../components/advert-form.tsx";
import { appErrorData, parseForm } from "../../lib/forms.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/post-advert";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "seller");
  return { brands: await context.get(appContext).services.catalogue.listBrands() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "seller");
  const parsed = await parseForm(request, advertSchema);
  if (parsed.error) return parsed.error;
  try {
    await context.get(appContext).services.adverts.create(user, parsed.value);
  } catch (error) {
    return appErrorData(error);
  }
  return redirectWithToast(context, `/dashboard/adds/${encodeURIComponent(user.email)}`, {
    type: "success",
    message: "Your laptop is posted.",
  });
}

export const meta = () => [{ title: "Add Advertisement — ReLaptop" }];

export default function PostAdvert({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-3xl font-bold">Add Advertisement</h1>
      <AdvertForm brands={loaderData.brands} result={actionData} submitLabel="Add Advertisement" />
    </section>
  );
}
