import { Form, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { brandSchema } from "../../../schemas/catalogue.ts";
import { checkedForm, FileField, FormError, TextField } from "../../components/form-field.tsx";
import { saveAndLeave } from "../../lib/save-form.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { useValidatedForm } from "../../lib/use-validated-form.ts";
import type { Route } from "./+types/add-brand";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "admin");
  return null;
}

export const action = (args: Route.ActionArgs) =>
  saveAndLeave(args, {
    area: "admin",
    schema: brandSchema,
    save: (admin, brand) => args.context.get(appContext).services.catalogue.brands.create(admin, brand),
    leave: (_, brand) => ({ to: "/dashboard/all/brands", message: `Brand ${brand.name} added.` }),
  });

export const meta = () => [{ title: "Add Brand — ReLaptop" }];

export default function AddBrand({ actionData }: Route.ComponentProps) {
  const form = useValidatedForm(brandSchema, actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="card mx-auto min-h-[800px] w-full max-w-xl border border-base-300 bg-base-100">
      <div className="card-body">
        <h1 className="card-title mb-4 text-3xl">Add Brand</h1>
        <Form {...checkedForm(form, true)} className="flex flex-col gap-4">
          <FormError message={form.formError} />
          <TextField label="Name" name="name" error={form.errors.name} />
          <FileField label="Image" name="image" error={form.errors.image} hint="JPEG, PNG or WebP, up to 8 MB." />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Adding…" : "Add Brand"}
          </button>
        </Form>
      </div>
    </section>
  );
}
