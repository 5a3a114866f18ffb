import { useId } from "react";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useTypedValue } from "../lib/typed-values.ts";
import type { useValidatedForm } from "../lib/use-validated-form.ts";

/** What a control inside a Field needs to be tied to its label and message, and its name in the form. */
interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  name: string;
}

/** What every field takes: its label, its name in the form, and the message in red under it. */
interface Labelled {
  label: string;
  name: string;
  error?: string;
  /** A rule the value must follow, shown under the field and read with it. */
  hint?: string;
}

/**
 * Every form field: a visible label, the control, an optional hint, and the message in red under it
 * (spec §5), wired for screen readers.
 */
function Field({
  label,
  name,
  error,
  hint,
  className,
  children,
}: Labelled & { className?: string; children: (control: ControlProps) => React.ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The error first (what to fix), then the rule it breaks.
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        ...(error && { "aria-invalid": true }),
        ...(describedBy && { "aria-describedby": describedBy }),
        name,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-base-content/80">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's message in red under it (spec §5), named by its control's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-error">
      {error}
    </p>
  );
}

/** daisyUI's look of a control (`input`, `select` …), bordered, red when refused. */
const look = (kind: string, error: string | undefined) =>
  `${kind} ${kind}-bordered w-full ${error ? `${kind}-error` : ""}`;

export type FieldProps = Labelled & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">;

export function TextField({ label, name, error, hint, className, defaultValue, ...input }: FieldProps) {
  // What a refused post typed in it, else the page's own (typed-values.ts).
  const typed = useTypedValue(name) ?? defaultValue;
  return (
    <Field label={label} name={name} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          className={`${look("input", error)} ${className ?? ""}`}
          {...(input.value === undefined && { defaultValue: typed })}
          {...input}
        />
      )}
    </Field>
  );
}

export function TextAreaField({
  defaultValue,
  className,
  ...field
}: Labelled & { defaultValue?: string; className?: string }) {
  const typed = useTypedValue(field.name) ?? defaultValue;
  return (
    <Field {...field} className={className}>
      {(control) => <textarea {...control} rows={4} defaultValue={typed} className={look("textarea", field.error)} />}
    </Field>
  );
}

export function SelectField({
  options,
  defaultValue,
  placeholder,
  ...field
}: Labelled & { options: { value: string; label: string }[]; defaultValue?: string; placeholder: string }) {
  const chosen = useTypedValue(field.name) ?? defaultValue;
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} defaultValue={chosen ?? ""} className={look("select", field.error)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Image files unless `accept` says otherwise; the server checks the content, this only guides the file picker. */
export function FileField({
  multiple,
  accept = "image/jpeg,image/png,image/webp,image/avif,image/gif",
  ...field
}: Labelled & { multiple?: boolean; accept?: string }) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          type="file"
          accept={accept}
          multiple={multiple}
          className={look("file-input", field.error)}
        />
      )}
    </Field>
  );
}

/**
 * What a form the browser checks first with its shared schema (useValidatedForm) posts with: `noValidate`, so
 * the messages are the schema's, under the fields, not the browser's own; with `files`, as multipart.
 */
export const checkedForm = (
  form: Pick<ReturnType<typeof useValidatedForm>, "onSubmit" | "onChange" | "onBlur">,
  files = false,
) => ({
  method: "post" as const,
  ...(files && { encType: "multipart/form-data" as const }),
  noValidate: true,
  onSubmit: form.onSubmit,
  onChange: form.onChange,
  onBlur: form.onBlur,
});

/**
 * At the top of a page of forms alike: a refusal posted without JavaScript that names no item (refusalFor) — the
 * item is no longer on the page (decided, gone) — so it shows somewhere. With JavaScript each form shows its own.
 */
export function RefusedHere({ answer }: { answer: unknown }) {
  const refusal = answer && typeof answer === "object" && !("item" in answer) ? (answer as ActionErrors) : undefined;
  return <FormError message={refusal?.formError} />;
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-box bg-error/10 p-3 text-sm text-error">
      {message}
    </p>
  );
}
