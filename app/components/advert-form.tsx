import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { AdvertFormValues, BrandView } from "../../core/catalogue/index.ts";
import { advertSchema, advertUpdateSchema, CONDITIONS, STORAGE_TYPES } from "../../schemas/catalogue.ts";
import { CHECKLIST_LABELS, CONDITION_DEFINITIONS } from "../../schemas/condition-labels.ts";
import type { FeeRule } from "../../schemas/fees.ts";
import type { PriceGuidance } from "../../schemas/price-guidance.ts";
import { CHECKLIST } from "../../schemas/values.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useTicked, useTypedValue } from "../lib/typed-values.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { BatteryReportField } from "./battery-report-field.tsx";
import { checkedForm, type FieldProps, FormError, SelectField, TextAreaField, TextField } from "./form-field.tsx";
import { PhotoField } from "./photo-field.tsx";
import { PriceGuidanceNote, usePriceGuidance } from "./price-guidance.tsx";
import { ProcessorField } from "./processor-field.tsx";
import { type ProofFieldData, ProofPhotoField } from "./proof-photo-field.tsx";
import { SellerReceivesNote, useSellerReceives } from "./seller-receives.tsx";
import { SerialNumberField } from "./serial-number-field.tsx";

const decimal = { inputMode: "decimal" } as const;
const numeric = { inputMode: "numeric" } as const;

/** Each typed field of the form: its label, and what else its input says (a phone's keyboard, a hint). */
const TEXT_FIELDS = {
  name: ["Name", { placeholder: "Dell XPS 13 9315" }],
  originalPrice: ["Original price ($)", decimal],
  resalePrice: ["Resale price ($)", decimal],
  yearsOfUse: ["Year of use", numeric],
  location: ["Location", {}],
  mobile: ["Mobile number", { type: "tel", inputMode: "tel" }],
  shippingPrice: ["Shipping price ($)", { ...decimal, hint: "Added to the price the buyer pays. 0 ships free." }],
  ramGb: ["RAM (GB)", numeric],
  storageGb: ["Storage (GB)", numeric],
  screenInches: ["Screen size (inches)", decimal],
  batteryHealth: ["Battery health (%)", numeric],
} as const satisfies Record<string, readonly [string, Omit<FieldProps, "label" | "name">]>;
type TextName = keyof typeof TEXT_FIELDS;
type ChoiceName = "brandId" | "condition" | "storageType";
type Option = { value: string; label: string };
const optionsOf = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

/** The fields /worth's "Sell it" fills in on Add Advertisement (its address carries them). */
export const PREFILLED = ["processor", "ramGb", "storageGb", "condition", "yearsOfUse"] as const;
export type AdvertPrefill = Partial<Record<(typeof PREFILLED)[number], string>>;

/** Add Advertisement and Edit share one form and one set of rules. */
export function AdvertForm({
  brands,
  values,
  prefill,
  result,
  submitLabel,
  fee,
  guidance: initialGuidance = null,
  proof,
}: {
  brands: BrandView[];
  values?: AdvertFormValues;
  /** Add Advertisement only: values to start from (never the edit form's, which has the advert's). */
  prefill?: AdvertPrefill;
  result?: ActionErrors;
  submitLabel: string;
  /** ReLaptop's fee rule in force: "You receive" under the price. */
  fee: FeeRule;
  /** What comparable laptops sold for, when the server already knows (the edit form). */
  guidance?: PriceGuidance | null;
  /** "In hand": the seller's code, and where the advert's proof stands (editing). */
  proof: ProofFieldData;
}) {
  const form = useValidatedForm(values ? advertUpdateSchema : advertSchema, result);
  const busy = useNavigation().state === "submitting";
  // The picker's photos still on their way: the form waits for their ids.
  const [uploading, setUploading] = useState(false);
  const e = form.errors;
  const priceGuidance = usePriceGuidance(initialGuidance);
  // Refused without JavaScript, the page is drawn anew: its boxes as they were ticked (typed fields take theirs),
  // and what the seller receives from the price as typed, not as saved.
  const ticked = useTicked();
  const typedPrice = useTypedValue("resalePrice");
  const typedShipping = useTypedValue("shippingPrice");
  const receives = useSellerReceives(
    typedPrice === undefined
      ? values
      : { resalePrice: typedPrice, ships: ticked("ships", "true"), shippingPrice: typedShipping },
  );
  const typedProcessor = useTypedValue("processor");
  /** A field of the form: the advert's value when editing, the message when refused. */
  const text = (name: TextName) => {
    const [label, input] = TEXT_FIELDS[name];
    return (
      <TextField
        label={label}
        name={name}
        defaultValue={values?.[name] ?? prefilled(name)}
        error={e[name]}
        {...input}
      />
    );
  };
  const choice = (name: ChoiceName, label: string, placeholder: string, options: Option[]) => (
    <SelectField
      label={label}
      name={name}
      placeholder={placeholder}
      defaultValue={values?.[name] ?? prefilled(name)}
      options={options}
      error={e[name]}
    />
  );
  const prefilled = (name: string) => prefill?.[name as keyof AdvertPrefill];
  const brandOptions = brands.map((b) => ({ value: b.id, label: b.name }));
  return (
    <Form
      {...checkedForm(form, true)}
      onChange={(event) => {
        priceGuidance.onChange(event);
        receives.onChange(event);
      }}
      className="grid gap-4 md:grid-cols-2"
    >
      <div className="md:col-span-2">
        <FormError message={form.formError} />
      </div>
      {text("name")}
      {choice("brandId", "Brand", "Choose a brand", brandOptions)}
      {text("originalPrice")}
      {text("resalePrice")}
      <SellerReceivesNote typed={receives.typed} rule={fee} />
      <PriceGuidanceNote guidance={priceGuidance.guidance} resalePrice={receives.typed.resalePrice} />
      {text("yearsOfUse")}
      {choice("condition", "Condition", "Choose the condition", optionsOf(CONDITIONS))}
      <ConditionDefinitions />
      {text("location")}
      {text("mobile")}
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
          <input
            type="checkbox"
            name="ships"
            value="true"
            defaultChecked={ticked("ships", "true", values?.ships)}
            className="checkbox"
          />
          <span>I ship this laptop</span>
        </label>
        {/* Asked for only while "I ship" is ticked (CSS: no script needed); hidden, it is not read. */}
        <div className="hidden group-has-checked:block">{text("shippingPrice")}</div>
      </fieldset>

      <fieldset
        className="grid gap-x-4 rounded-box border border-base-300 p-4 md:col-span-2 md:grid-cols-2"
        aria-describedby={e.checklist ? "checklist-error" : undefined}
      >
        <legend className="px-2 text-sm font-semibold">What is true of this laptop</legend>
        <p className="text-sm md:col-span-2">Tick only what is true: buyers see this list on the laptop's page.</p>
        {CHECKLIST.map((item) => (
          <label key={item} className="flex min-h-12 items-center gap-2">
            <input
              type="checkbox"
              name="checklist"
              value={item}
              defaultChecked={ticked("checklist", item, values?.checklist.includes(item))}
              className="checkbox"
            />
            <span>{CHECKLIST_LABELS[item]}</span>
          </label>
        ))}
        {e.checklist && (
          <p id="checklist-error" className="text-sm text-error md:col-span-2">
            {e.checklist}
          </p>
        )}
      </fieldset>

      <fieldset className="grid gap-4 rounded-box border border-base-300 p-4 md:col-span-2 md:grid-cols-3">
        <legend className="px-2 text-sm font-semibold">Specifications (optional — buyers look for these)</legend>
        <ProcessorField
          defaultValue={typedProcessor ?? values?.processor ?? prefill?.processor}
          error={e.processor}
          onPick={priceGuidance.ask}
        />
        {text("ramGb")}
        {text("storageGb")}
        {choice("storageType", "Storage type", "Not given", optionsOf(STORAGE_TYPES))}
        {text("screenInches")}
        {text("batteryHealth")}
        <BatteryReportField current={values?.batteryReport ?? null} error={e.batteryReport} />
        <SerialNumberField recorded={values?.hasSerialNumber ?? false} error={e.serialNumber} />
        <ProofPhotoField proof={proof} error={e.proofPhoto} />
      </fieldset>

      <div className="md:col-span-2">
        <PhotoField existing={values?.photos} error={e.photos} onUploading={setUploading} />
      </div>
      <button type="submit" className="btn btn-primary md:col-span-2" disabled={busy || uploading}>
        {uploading ? "Uploading photos…" : busy ? "Saving…" : submitLabel}
      </button>
    </Form>
  );
}

/** What each grade promises, beside the Condition choice: all three, so they read without JavaScript. */
function ConditionDefinitions() {
  return (
    <div className="text-sm md:col-span-2">
      <p className="font-semibold">What each condition means</p>
      <dl className="mt-1 grid gap-1">
        {CONDITIONS.map((grade) => (
          <div key={grade}>
            <dt className="inline font-semibold">{grade}: </dt>
            <dd className="inline">{CONDITION_DEFINITIONS[grade]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
