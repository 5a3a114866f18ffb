import { Form, useNavigation, useSearchParams } from "react-router";
import {
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  DISPUTE_TEXT_MAX,
  MAX_DISPUTE_PHOTOS,
  reportProblemSchema,
} from "../../schemas/disputes.ts";
import type { DisputeFormData } from "../lib/dispute-actions.server.ts";
import { REPORT_PROBLEM_ID } from "../lib/paths.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { checkedForm, FileField, FormError, SelectField, TextAreaField } from "./form-field.tsx";

/**
 * Report a problem, on the order's page of a buyer within the protection window: what is wrong, in their words,
 * with photos. Closed until asked for (a disclosure: it works without JavaScript) — or come to from My Orders'
 * Report a problem (`reportProblemPath`) — and open again with its problems and what was typed when the server
 * refuses it.
 */
export function ReportProblemForm({ result }: { result?: DisputeFormData }) {
  const form = useValidatedForm(reportProblemSchema, result);
  const sending = useNavigation().formData?.get("intent") === "reportProblem";
  const e = form.errors;
  const askedFor = useSearchParams()[0].has("report");
  return (
    <details
      id={REPORT_PROBLEM_ID}
      open={Boolean(result) || askedFor}
      className="scroll-mt-24 rounded-box border border-base-300 p-4"
    >
      <summary className="cursor-pointer font-semibold">Report a problem</summary>
      <Form {...checkedForm(form, true)} className="mt-4 flex flex-col gap-4">
        <p className="text-sm">
          Tell us what is wrong with the laptop. The seller is told and can answer; an admin reads both sides and
          decides. The payment waits until then.
        </p>
        <FormError message={form.formError} />
        <input type="hidden" name="intent" value="reportProblem" />
        <SelectField
          label="What is wrong?"
          name="reason"
          placeholder="Choose what is wrong"
          options={DISPUTE_REASONS.map((value) => ({ value, label: DISPUTE_REASON_LABELS[value] }))}
          error={e.reason}
        />
        <TextAreaField
          label={`Describe the problem (up to ${DISPUTE_TEXT_MAX.toLocaleString("en-US")} characters)`}
          name="description"
          error={e.description}
        />
        <FileField
          label="Photos (optional)"
          name="photos"
          multiple
          error={e.photos}
          hint={`Up to ${MAX_DISPUTE_PHOTOS} photos (JPEG, PNG or WebP, 8 MB each).`}
        />
        <div>
          <button type="submit" className="btn btn-warning" disabled={sending}>
            Report the problem
          </button>
        </div>
      </Form>
    </details>
  );
}
