import { useId } from "react";

/** What a control inside a Field needs to be tied to its label and message. */
interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * Every form field: a visible label, the control, an optional hint, and the message in red under it
 * (spec §5), wired for screen readers.
 */
function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (control: ControlProps) => React.ReactNode;
}) {
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
      })}
      {hint && (
        <p id={hintId} className="text-xs text-base-content/80">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  /** A rule the value must follow, shown under the field and read with it. */
  hint?: string;
}

export function TextField({ label, name, error, hint, className, ...input }: FieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          name={name}
          className={`input input-bordered w-full ${error ? "input-error" : ""} ${className ?? ""}`}
          {...input}
        />
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  name,
  error,
  defaultValue,
  className,
}: {
  label: string;
  name: string;
  error?: string;
  defaultValue?: string;
  className?: string;
}) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => (
        <textarea
          {...control}
          name={name}
          rows={4}
          defaultValue={defaultValue}
          className={`textarea textarea-bordered w-full ${error ? "textarea-error" : ""}`}
        />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  name,
  options,
  error,
  defaultValue,
  placeholder,
}: {
  label: string;
  name: string;
  options: { value: string; label: string }[];
  error?: string;
  defaultValue?: string;
  placeholder: string;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <select
          {...control}
          name={name}
          defaultValue={defaultValue ?? ""}
          className={`select select-bordered w-full ${error ? "select-error" : ""}`}
        >
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

/** Image files only; the server checks the content, this only guides the file picker. */
export function FileField({
  label,
  name,
  error,
  multiple,
  hint,
}: {
  label: string;
  name: string;
  error?: string;
  multiple?: boolean;
  hint?: string;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          multiple={multiple}
          className={`file-input file-input-bordered w-full ${error ? "file-input-error" : ""}`}
        />
      )}
    </Field>
  );
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-box bg-error/10 p-3 text-sm text-error">
      {message}
    </p>
  );
}
