import { Form, useNavigation } from "react-router";
import { payoutSetupSchema } from "../../schemas/payouts.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { checkedForm, FormError, TextField } from "./form-field.tsx";

/** The form's answer from the server: its problems, and what was typed (never the account number). */
export type PayoutSetupResult = ActionErrors & { intent: "setUp" };

/**
 * The simulated provider's set-up (and, once active, Change bank details): an account holder and a bank
 * account number, checked in the browser and again by the server with the same schema (schemas/payouts.ts).
 * Only the last four digits are kept; the page shows them masked.
 */
export function PayoutSetupForm({ result, submitLabel }: { result?: PayoutSetupResult; submitLabel: string }) {
  const form = useValidatedForm(payoutSetupSchema, result);
  const busy = useNavigation().formData?.get("intent") === "setUp";
  const e = form.errors;
  return (
    <Form {...checkedForm(form)} className="flex max-w-md flex-col gap-4">
      <FormError message={form.formError} />
      <input type="hidden" name="intent" value="setUp" />
      <TextField label="Account holder" name="holder" autoComplete="name" error={e.holder} />
      <TextField
        label="Bank account number"
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        error={e.accountNumber}
        hint="6 to 17 digits. We keep only the last four."
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
