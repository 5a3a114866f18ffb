import type { FilterErrors, SearchParams } from "../../schemas/search.ts";

/** A label, its control and the filter's error under it, tied together for screen readers. */
export function FilterField({
  name,
  label,
  errors,
  className = "",
  children,
}: {
  name: keyof SearchParams;
  label: string;
  errors: FilterErrors;
  className?: string;
  children: (control: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => React.ReactNode;
}) {
  const id = `filter-${name}`;
  const error = errors[name];
  return (
    <div className={`flex flex-col gap-1 text-sm ${className}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name, ...(error && { "aria-invalid": true, "aria-describedby": `${id}-error` }) })}
      {error && (
        <p id={`${id}-error`} className="text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A filter that is on or off: a checkbox in the URL as `name=true`, with the message when its value was wrong. */
export function FlagFilter({ name, label, on, error }: { name: string; label: string; on?: boolean; error?: string }) {
  const errorId = `filter-${name}-error`;
  return (
    <>
      <label className="flex min-h-6 items-center gap-2">
        <input
          type="checkbox"
          name={name}
          value="true"
          defaultChecked={on === true}
          className="checkbox checkbox-sm"
          aria-describedby={error ? errorId : undefined}
        />
        {label}
      </label>
      {error && (
        <p id={errorId} className="text-error">
          {error}
        </p>
      )}
    </>
  );
}
