import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { declineSchema } from "../../schemas/sales.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { Dialog } from "./dialog.tsx";
import { TextField } from "./form-field.tsx";

/**
 * A seller's Decline on a booking nobody has paid for (My Sales, the order's page): asks for the reason the
 * buyer will read, then posts `intent=decline` to the page's own action (app/lib/seller-order-actions.server.ts).
 */
export function DeclineButton({ orderId, productName }: { orderId: string; productName: string }) {
  const fetcher = useFetcher<ActionErrors & { ok?: boolean }>();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const form = useValidatedForm(declineSchema, fetcher.data);
  const busy = fetcher.state !== "idle";
  // Declined: the dialog closes and the page, read again, shows the order as declined.
  useEffect(() => {
    if (!busy && fetcher.data?.ok) setOpen(false);
  }, [busy, fetcher.data]);
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-error btn-outline"
        disabled={!hydrated || busy}
        onClick={() => setOpen(true)}
      >
        Decline
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Decline the booking of ${productName}?`}>
        <fetcher.Form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-3">
          <p>The buyer reads your reason, and the laptop can be booked again at once.</p>
          <input type="hidden" name="intent" value="decline" />
          <input type="hidden" name="orderId" value={orderId} />
          <TextField label="Reason shown to the buyer" name="reason" maxLength={300} error={form.errors.reason} />
          <div className="modal-action">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Keep the booking
            </button>
            <button type="submit" className="btn btn-error" disabled={busy}>
              Decline booking
            </button>
          </div>
        </fetcher.Form>
      </Dialog>
    </>
  );
}
