import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { REPORT_REASONS, reportSchema } from "../../schemas/moderation.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { Dialog } from "./dialog.tsx";
import { FormError } from "./form-field.tsx";

/** "Report this laptop": a reason from a short list, and optional details. */
export function ReportButton({ advertId, name }: { advertId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionErrors & { ok?: true }>();
  const form = useValidatedForm(reportSchema, fetcher.data?.ok ? null : fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" disabled={!hydrated} onClick={() => setOpen(true)}>
        Report
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Report ${name}`}>
        <fetcher.Form
          method="post"
          action="/report"
          noValidate
          onSubmit={form.onSubmit}
          className="flex flex-col gap-3"
        >
          <FormError message={form.formError} />
          <input type="hidden" name="advertId" value={advertId} />
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex items-center gap-2">
                <input type="radio" name="reason" value={reason} className="radio radio-sm" />
                {reason}
              </label>
            ))}
            {form.errors.reason && <p className="text-sm text-error">{form.errors.reason}</p>}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Details (optional)
            <textarea name="details" rows={3} className="textarea textarea-bordered" />
          </label>
          {form.errors.details && <p className="text-sm text-error">{form.errors.details}</p>}
          <div className="modal-action">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-warning" disabled={fetcher.state !== "idle"}>
              Send report
            </button>
          </div>
        </fetcher.Form>
      </Dialog>
    </>
  );
}
