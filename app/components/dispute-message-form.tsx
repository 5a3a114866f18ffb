import { Form, useNavigation } from "react-router";
import { DISPUTE_TEXT_MAX, disputeMessageSchema, MAX_DISPUTE_PHOTOS } from "../../schemas/disputes.ts";
import type { DisputeFormData } from "../lib/dispute-actions.server.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { checkedForm, FileField, FormError, TextAreaField } from "./form-field.tsx";

/**
 * The buyer's or the seller's next message in an open dispute, with photos. The page renders it anew (its key)
 * once a message is added, so it is empty again; a refusal keeps what was typed.
 */
export function DisputeMessageForm({ viewer, result }: { viewer: "buyer" | "seller"; result?: DisputeFormData }) {
  const form = useValidatedForm(disputeMessageSchema, result);
  const sending = useNavigation().formData?.get("intent") === "disputeMessage";
  return (
    <Form {...checkedForm(form, true)} className="flex flex-col gap-3">
      <FormError message={form.formError} />
      <input type="hidden" name="intent" value="disputeMessage" />
      <TextAreaField
        label={`${viewer === "seller" ? "Your answer" : "Add to what you reported"} (up to ${DISPUTE_TEXT_MAX.toLocaleString("en-US")} characters)`}
        name="body"
        error={form.errors.body}
      />
      <FileField
        label="Photos (optional)"
        name="photos"
        multiple
        error={form.errors.photos}
        hint={`Up to ${MAX_DISPUTE_PHOTOS} photos (JPEG, PNG or WebP, 8 MB each).`}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          Send
        </button>
      </div>
    </Form>
  );
}
