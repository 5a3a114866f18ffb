import { useId } from "react";

interface FieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
}

/** A labelled input with its message in red under it (spec §5). */
export function TextField({ label, name, error, className, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`input input-bordered w-full ${error ? "input-error" : ""} ${className ?? ""}`}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
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

/** A file input with a visible label and its message under it. */
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
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        multiple={multiple}
        aria-invalid={error ? true : undefined}
        className={`file-input file-input-bordered w-full ${error ? "file-input-error" : ""}`}
      />
      {hint && <p className="text-xs text-base-content/70">{hint}</p>}
      {error && <p className="text-sm text-error">{error}</p>}
    </div>
  );
}
