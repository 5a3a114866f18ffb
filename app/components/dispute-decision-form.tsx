import { useFetcher } from "react-router";
import {
  DISPUTE_DECISION_LABELS,
  DISPUTE_DECISIONS,
  decisionFormSchema,
  type OpenDispute,
  refundAmountHint,
} from "../../schemas/disputes.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { FormItem, useTypedValue } from "../lib/typed-values.ts";
import { useFormAnswer } from "../lib/use-form-answer.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { checkedForm, FormError, TextAreaField, TextField } from "./form-field.tsx";

/** What each decision does, said beside its choice. */
const DOES = {
  refund: "The whole payment goes back to the buyer.",
  partial_refund: "The amount below goes back to the buyer; the sale stands.",
  release: "The sale is final; nothing goes back.",
} as const;

/**
 * An admin's decision on one open dispute: refund in full, refund part (an amount in dollars, at most what the
 * buyer paid) or release to the seller, with a reason both people read. Each dispute's form is its own fetcher,
 * so its answer (and its problems) stay with it.
 */
export function DisputeDecisionForm({ dispute }: { dispute: OpenDispute }) {
  const fetcher = useFetcher<ActionErrors>();
  const form = useValidatedForm(decisionFormSchema, useFormAnswer(fetcher, dispute.id));
  const busy = fetcher.state !== "idle";
  const e = form.errors;
  const legendId = `decision-${dispute.id}`;
  // Refused without JavaScript: the page is drawn anew, with the choice made (the typed fields take theirs).
  const chosen = useTypedValue("decision", dispute.id);
  return (
    <FormItem value={dispute.id}>
      <fetcher.Form {...checkedForm(form)} className="flex flex-col gap-3">
        <FormError message={form.formError} />
        <input type="hidden" name="disputeId" value={dispute.id} />
        <fieldset className="flex flex-col gap-2">
          <legend id={legendId} className="mb-1 text-sm font-medium">
            Decision
          </legend>
          {DISPUTE_DECISIONS.map((decision) => (
            <label key={decision} className="flex items-start gap-2">
              <input
                type="radio"
                name="decision"
                value={decision}
                defaultChecked={chosen === decision}
                className="radio radio-sm mt-0.5"
                // Marked on the radios themselves: a refused submit focuses the first control marked invalid
                // (useValidatedForm), and the group comes before the amount and the reason.
                aria-invalid={e.decision ? true : undefined}
                aria-describedby={e.decision ? `${legendId}-error` : undefined}
              />
              <span>
                <span className="font-medium">{DISPUTE_DECISION_LABELS[decision]}</span>
                <span className="block text-sm text-base-content/80">{DOES[decision]}</span>
              </span>
            </label>
          ))}
          {e.decision && (
            <p id={`${legendId}-error`} className="text-sm text-error">
              {e.decision}
            </p>
          )}
        </fieldset>
        <TextField
          label="Amount to refund ($)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          error={e.amount}
          hint={refundAmountHint(dispute.order.chargedCents)}
        />
        <TextAreaField label="Reason (both people read it)" name="reason" error={e.reason} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Decide
          </button>
        </div>
      </fetcher.Form>
    </FormItem>
  );
}
