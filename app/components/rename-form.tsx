import type { FetcherWithComponents } from "react-router";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useTypedValue } from "../lib/typed-values.ts";
import { busySubmit } from "../lib/use-focus-landing.ts";

/**
 * "Name" and Rename, in place, for one thing of a list (a saved search, a passkey): posts `intent=rename`, its
 * `id` and the `name` through the item's own fetcher. The refusal is shown by the item (`inputId`-error), where
 * its layout puts it.
 */
export function RenameForm({
  fetcher,
  id,
  name,
  maxLength,
  inputId,
  error,
  action,
}: {
  fetcher: FetcherWithComponents<ActionErrors>;
  id: string;
  name: string;
  maxLength: number;
  inputId: string;
  error: string | undefined;
  action?: string;
}) {
  // Refused without JavaScript, the page is drawn anew with the name as typed.
  const typed = useTypedValue("name", id);
  return (
    <fetcher.Form method="post" action={action} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={id} />
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          Name
        </label>
        <input
          id={inputId}
          name="name"
          defaultValue={typed ?? name}
          maxLength={maxLength}
          className={`input input-bordered input-sm ${error ? "input-error" : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
      </div>
      <button type="submit" className="btn btn-outline btn-sm" {...busySubmit(fetcher.state !== "idle")}>
        Rename<span className="sr-only"> {name}</span>
      </button>
    </fetcher.Form>
  );
}

/** RenameForm's refusal, where the item shows it: the input names it (aria-describedby). */
export function RenameError({ inputId, error }: { inputId: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${inputId}-error`} role="alert" className="text-sm text-error">
      {error}
    </p>
  );
}
