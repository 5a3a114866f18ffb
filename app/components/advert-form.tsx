import { Form, useNavigation } from "react-router";
import type { AdvertFormValues, BrandView } from "../../core/catalogue/index.ts";
import { advertSchema, advertUpdateSchema, CONDITIONS, MAX_PHOTOS, STORAGE_TYPES } from "../../schemas/catalogue.ts";
import type { FeeRule } from "../../schemas/fees.ts";
import type { PriceGuidance } from "../../schemas/price-guidance.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { FileField, FormError, SelectField, TextAreaField, TextField } from "./form-field.tsx";
import { PriceGuidanceNote, usePriceGuidance } from "./price-guidance.tsx";
import { ProcessorField } from "./processor-field.tsx";
import { SellerReceivesNote, useSellerReceives } from "./seller-receives.tsx";

/** Add Advertisement and Edit share one form and one set of rules. */
export function AdvertForm({
  brands,
  values,
  result,
  submitLabel,
  fee,
  guidance: initialGuidance = null,
}: {
  brands: BrandView[];
  values?: AdvertFormValues;
  result?: ActionErrors;
  submitLabel: string;
  /** ReLaptop's fee rule in force: "You receive" under the price. */
  fee: FeeRule;
  /** What comparable laptops sold for, when the server already knows (the edit form). */
  guidance?: PriceGuidance | null;
}) {
  const form = useValidatedForm(values ? advertUpdateSchema : advertSchema, result);
  const busy = useNavigation().state === "submitting";
  const e = form.errors;
  const priceGuidance = usePriceGuidance(initialGuidance);
  const receives = useSellerReceives(values);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={form.onSubmit}
      onChange={(event) => {
        priceGuidance.onChange(event);
        receives.onChange(event);
      }}
      className="grid gap-4 md:grid-cols-2"
    >
      <div className="md:col-span-2">
        <FormError message={form.formError} />
      </div>
      <TextField label="Name" name="name" defaultValue={values?.name} error={e.name} placeholder="Dell XPS 13 9315" />
      <SelectField
        label="Brand"
        name="brandId"
        placeholder="Choose a brand"
        defaultValue={values?.brandId}
        options={brands.map((b) => ({ value: b.id, label: b.name }))}
        error={e.brandId}
      />
      <TextField
        label="Original price ($)"
        name="originalPrice"
        inputMode="decimal"
        defaultValue={values?.originalPrice}
        error={e.originalPrice}
      />
      <TextField
        label="Resale price ($)"
        name="resalePrice"
        inputMode="decimal"
        defaultValue={values?.resalePrice}
        error={e.resalePrice}
      />
      <SellerReceivesNote typed={receives.typed} rule={fee} />
      <PriceGuidanceNote guidance={priceGuidance.guidance} />
      <TextField
        label="Year of use"
        name="yearsOfUse"
        inputMode="numeric"
        defaultValue={values?.yearsOfUse}
        error={e.yearsOfUse}
      />
      <SelectField
        label="Condition"
        name="condition"
        placeholder="Choose the condition"
        defaultValue={values?.condition}
        options={CONDITIONS.map((c) => ({ value: c, label: c }))}
        error={e.condition}
      />
      <TextField label="Location" name="location" defaultValue={values?.location} error={e.location} />
      <TextField
        label="Mobile number"
        name="mobile"
        type="tel"
        inputMode="tel"
        defaultValue={values?.mobile}
        error={e.mobile}
      />
      <TextAreaField
        label="Description"
        name="description"
        defaultValue={values?.description}
        error={e.description}
        className="md:col-span-2"
      />

      <fieldset className="group grid gap-4 rounded-box border border-base-300 p-4 md:col-span-2 md:grid-cols-2">
        <legend className="px-2 text-sm font-semibold">Delivery</legend>
        <p className="text-sm md:col-span-2">
          Buyers can always meet you. If you also post the laptop, they may choose to have it shipped.
        </p>
        <label className="flex min-h-12 items-center gap-2">
          <input type="checkbox" name="ships" value="true" defaultChecked={values?.ships} className="checkbox" />
          <span>I ship this laptop</span>
        </label>
        {/* Asked for only while "I ship" is ticked (CSS: no script needed); hidden, it is not read. */}
        <div className="hidden group-has-checked:block">
          <TextField
            label="Shipping price ($)"
            name="shippingPrice"
            inputMode="decimal"
            defaultValue={values?.shippingPrice}
            error={e.shippingPrice}
            hint="Added to the price the buyer pays. 0 ships free."
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-box border border-base-300 p-4 md:col-span-2 md:grid-cols-3">
        <legend className="px-2 text-sm font-semibold">Specifications (optional — buyers look for these)</legend>
        <ProcessorField defaultValue={values?.processor} error={e.processor} onPick={priceGuidance.ask} />
        <TextField label="RAM (GB)" name="ramGb" inputMode="numeric" defaultValue={values?.ramGb} error={e.ramGb} />
        <TextField
          label="Storage (GB)"
          name="storageGb"
          inputMode="numeric"
          defaultValue={values?.storageGb}
          error={e.storageGb}
        />
        <SelectField
          label="Storage type"
          name="storageType"
          placeholder="Not given"
          defaultValue={values?.storageType}
          options={STORAGE_TYPES.map((t) => ({ value: t, label: t }))}
          error={e.storageType}
        />
        <TextField
          label="Screen size (inches)"
          name="screenInches"
          inputMode="decimal"
          defaultValue={values?.screenInches}
          error={e.screenInches}
        />
        <TextField
          label="Battery health (%)"
          name="batteryHealth"
          inputMode="numeric"
          defaultValue={values?.batteryHealth}
          error={e.batteryHealth}
        />
      </fieldset>

      <div className="md:col-span-2">
        {values && (
          <ul className="mb-2 flex flex-wrap gap-2" aria-label="Current photos">
            {values.photoUrls.map((url, i) => (
              <li key={url}>
                <img src={url} alt={`Current view ${i + 1}`} width={96} height={72} className="rounded" />
              </li>
            ))}
          </ul>
        )}
        <FileField
          label={values ? "Replace photos (optional)" : "Photos"}
          name="photos"
          multiple
          error={e.photos}
          hint={`Up to ${MAX_PHOTOS} photos (JPEG, PNG or WebP, 8 MB each). The first one is shown on the card.`}
        />
      </div>
      <button type="submit" className="btn btn-primary md:col-span-2" disabled={busy}>
        {busy ? "Saving…" : submitLabel}
      </button>
    </Form>
  );
}
