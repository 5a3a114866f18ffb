import { useCallback, useState } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import type { BrandView } from "../../../core/catalogue/index.ts";
import { brandUpdateSchema } from "../../../schemas/catalogue.ts";
import { CATALOGUE_MESSAGES, MESSAGES } from "../../../schemas/messages.ts";
import { ConfirmDialog, Dialog } from "../../components/dialog.tsx";
import { checkedForm, FileField, FormError, TextField } from "../../components/form-field.tsx";
import { ACTIONS, TableHead } from "../../components/table-head.tsx";
import { type ActionErrors, appErrorData, parseForm, validateForm } from "../../lib/forms.server.ts";
import { idOrNotFound } from "../../lib/id-or-not-found.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast } from "../../lib/toast.server.ts";
import { FormItem } from "../../lib/typed-values.ts";
import { mainHeading, useListFocus } from "../../lib/use-focus-landing.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useInPlaceForm } from "../../lib/use-in-place-form.ts";
import type { Route } from "./+types/all-brands";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "admin");
  return { brands: await context.get(appContext).services.catalogue.listBrands() };
}

const intentSchema = z.object({ intent: z.enum(["update", "delete"]), brandId: z.string().min(1) });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, context, "admin");
  const brandAdmin = context.get(appContext).services.catalogue.brands;
  const parsed = await parseForm(request, intentSchema);
  if (parsed.error) return parsed.error;
  const { intent } = parsed.value;
  try {
    const brandId = idOrNotFound(parsed.value.brandId, CATALOGUE_MESSAGES.brandNotFound);
    if (intent === "delete") {
      await brandAdmin.remove(admin, brandId);
      return dataWithToast(context, { ok: true as const }, { type: "success", message: "Brand deleted." });
    }
    const update = validateForm(parsed.form, brandUpdateSchema);
    if (update.error) return update.error;
    await brandAdmin.update(admin, brandId, update.value);
    return dataWithToast(context, { ok: true as const }, { type: "success", message: "Brand updated." });
  } catch (error) {
    return appErrorData(error);
  }
}

export const meta = () => [{ title: "All Brands — ReLaptop" }];

export default function AllBrands({ loaderData: { brands } }: Route.ComponentProps) {
  // A deleted brand's row goes: focus moves to the row now in its place, not to the top of the page.
  const rows = useListFocus<HTMLTableSectionElement>(brands.length, mainHeading);
  return (
    <section>
      <h1 className="mb-4 text-3xl font-bold">All Brands</h1>
      <div className="overflow-x-auto">
        <table className="table">
          <TableHead columns={["#", "Logo", "Name", ACTIONS]} />
          <tbody ref={rows.ref} onFocus={rows.onFocus}>
            {brands.map((brand, i) => (
              <BrandRow key={brand.id} brand={brand} index={i + 1} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function BrandRow({ brand, index }: { brand: BrandView; index: number }) {
  const [open, setOpen] = useState<"edit" | "delete" | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const { fetcher: editor, form } = useInPlaceForm(brandUpdateSchema, close);
  const deleter = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const deleteError = (deleter.data as ActionErrors | undefined)?.formError;
  return (
    <tr>
      <td>{index}</td>
      <td>
        <img src={brand.imageUrl} alt="" width={72} height={48} className="rounded" />
      </td>
      <td>{brand.name}</td>
      {/* The cell stays a table cell (a flex cell breaks the row's line); its buttons sit in a flex box. */}
      <td>
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            className="btn btn-sm"
            disabled={!hydrated}
            onClick={() => setOpen("edit")}
            aria-label={`Edit ${brand.name}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-sm btn-error"
            disabled={!hydrated}
            onClick={() => setOpen("delete")}
            aria-label={`Delete ${brand.name}`}
          >
            Delete
          </button>
        </div>
        <Dialog open={open === "edit"} onClose={close} title={`Edit ${brand.name}`}>
          {/* One brand's form among many: a name typed into another is not this one's. */}
          <FormItem value={brand.id}>
            <editor.Form {...checkedForm(form, true)} className="flex flex-col gap-4">
              <FormError message={form.formError} />
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="brandId" value={brand.id} />
              <TextField label="Name" name="name" defaultValue={brand.name} error={form.errors.name} />
              <FileField label="New logo (optional)" name="image" error={form.errors.image} />
              <div className="modal-action">
                <button type="button" className="btn" onClick={close}>
                  Cancel
                </button>
                <button type="submit" className="btn btn-primary" disabled={editor.state !== "idle"}>
                  Save
                </button>
              </div>
            </editor.Form>
          </FormItem>
        </Dialog>
        <ConfirmDialog open={open === "delete"} onClose={close} title={MESSAGES.page.confirmDelete}>
          {deleteError && (
            <p role="alert" className="mr-auto text-sm text-error">
              {deleteError}
            </p>
          )}
          <deleter.Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="brandId" value={brand.id} />
            <button type="submit" className="btn btn-error" disabled={deleter.state !== "idle"}>
              Delete
            </button>
          </deleter.Form>
        </ConfirmDialog>
      </td>
    </tr>
  );
}
