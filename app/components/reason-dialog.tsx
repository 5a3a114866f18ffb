import type { FetcherWithComponents } from "react-router";
import { removalSchema } from "../../schemas/moderation.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { Dialog } from "./dialog.tsx";
import { TextField } from "./form-field.tsx";

/**
 * An admin taking an advert down with the reason its seller will read — removing a reported one, rejecting
 * one held for review: the row's fetcher posts `intent` for `advertId` with the reason.
 */
export function ReasonDialog({
  open,
  onClose,
  title,
  intent,
  advertId,
  submitLabel,
  fetcher,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  intent: string;
  advertId: string;
  submitLabel: string;
  fetcher: FetcherWithComponents<ActionErrors>;
}) {
  const form = useValidatedForm(removalSchema, fetcher.data);
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <fetcher.Form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="advertId" value={advertId} />
        <TextField label="Reason shown to the seller" name="reason" error={form.errors.reason} />
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-error" disabled={fetcher.state !== "idle"}>
            {submitLabel}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
