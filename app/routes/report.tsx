import { useId } from "react";
import { redirect } from "react-router";
import { appContext } from "#app-context";
import { REPORT_REASONS, reportSchema } from "../../schemas/moderation.ts";
import { checkedForm, FieldError, FormError } from "../components/form-field.tsx";
import { saveInPlace } from "../lib/save-form.server.ts";
import { useInPlaceForm } from "../lib/use-in-place-form.ts";
import type { Route } from "./+types/report";

export const loader = () => redirect("/allAdd");

/** The "Report" modal posts here from a laptop's page. */
export const action = (args: Route.ActionArgs) =>
  saveInPlace(args, {
    schema: reportSchema,
    save: (user, report) => args.context.get(appContext).services.moderation.reports.report(user, report),
    message: "Thank you: an admin will look at this laptop.",
  });

/** "Report this laptop": a reason from a short list, and optional details; `onReported` closes the modal. */
export function ReportForm({
  advertId,
  onCancel,
  onReported,
}: {
  advertId: string;
  onCancel: () => void;
  onReported: () => void;
}) {
  const { fetcher, form } = useInPlaceForm(reportSchema, onReported);
  const ids = useId();
  return (
    <fetcher.Form action="/report" {...checkedForm(form)} className="flex flex-col gap-3">
      <FormError message={form.formError} />
      <input type="hidden" name="advertId" value={advertId} />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Reason</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className="flex items-center gap-2">
            <input
              type="radio"
              name="reason"
              value={reason}
              className="radio radio-sm"
              aria-invalid={form.errors.reason ? true : undefined}
              aria-describedby={form.errors.reason ? `${ids}-reason` : undefined}
            />
            {reason}
          </label>
        ))}
        <FieldError id={`${ids}-reason`} error={form.errors.reason} />
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Details (optional)
        <textarea
          name="details"
          rows={3}
          className="textarea textarea-bordered"
          aria-invalid={form.errors.details ? true : undefined}
          aria-describedby={form.errors.details ? `${ids}-details` : undefined}
        />
      </label>
      {form.errors.details && (
        <p id={`${ids}-details`} className="text-sm text-error">
          {form.errors.details}
        </p>
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-warning" disabled={fetcher.state !== "idle"}>
          Send report
        </button>
      </div>
    </fetcher.Form>
  );
}
