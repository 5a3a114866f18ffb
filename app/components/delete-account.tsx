import { useState } from "react";
import { useFetcher } from "react-router";
import { accountDeletionSchema } from "../../schemas/accounts.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { YourPasswordField } from "./account-fields.tsx";
import { Dialog } from "./dialog.tsx";
import { checkedForm, FormError } from "./form-field.tsx";

/** What deleting does and keeps, said before anyone confirms it. */
const WHAT_HAPPENS =
  "Your name, email address and phone number are removed, your adverts are withdrawn, and your favourites, saved searches and notifications are deleted. Messages stay with the people you wrote to and reviews stay on sellers' pages, both shown as from “Deleted user”; the records of your orders are kept, as the law requires. This cannot be undone.";

/**
 * The profile's "Delete my account": what it does, and a dialog that asks for the password (an account without
 * one, signed in with Google, must have signed in within the last minutes instead, and is told so). Posts to
 * /account/delete (routes/account-delete.tsx) with a fetcher of its own, so a refusal — unfinished orders, by
 * number, or a wrong password — shows in the dialog, and success signs out and lands on the home page.
 */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionErrors>();
  const form = useValidatedForm(accountDeletionSchema, fetcher.data);
  const busy = fetcher.state !== "idle";
  // Its dialog needs JavaScript: without it the button stays disabled, as every button that opens one does.
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="delete-account-heading" className="flex flex-col items-start gap-3">
      <h2 id="delete-account-heading" className="text-xl font-semibold">
        Delete my account
      </h2>
      <p>{WHAT_HAPPENS}</p>
      <p>
        You cannot delete it while an order is not finished (paid, handed over or disputed) or money from a sale is not
        yet paid out to you.
      </p>
      <button type="button" className="btn btn-error btn-outline" disabled={!hydrated} onClick={() => setOpen(true)}>
        Delete my account
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Delete your account?">
        <fetcher.Form {...checkedForm(form)} action="/account/delete" className="flex flex-col gap-3">
          <p>{WHAT_HAPPENS}</p>
          <FormError message={form.formError} />
          <YourPasswordField hasPassword={hasPassword} error={form.errors.password} />
          <div className="modal-action items-center">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-error" disabled={busy}>
              Delete my account for good
            </button>
          </div>
        </fetcher.Form>
      </Dialog>
    </section>
  );
}
