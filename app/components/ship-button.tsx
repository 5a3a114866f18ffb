import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { KNOWN_CARRIERS, shipSchema } from "../../schemas/delivery.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { Dialog } from "./dialog.tsx";
import { FormError, TextField } from "./form-field.tsx";

/**
 * A seller's Mark as shipped on a paid order to be shipped (My Sales, the order's page): asks for the carrier
 * (the ones whose tracking page we link to are offered as you type) and the tracking number, then posts
 * `intent=ship` to the page's own action (app/lib/seller-order-actions.server.ts). A refusal stays in the
 * dialog, under its field or above the form.
 */
export function ShipButton({ orderId, productName }: { orderId: string; productName: string }) {
  const fetcher = useFetcher<ActionErrors & { ok?: boolean }>();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const form = useValidatedForm(shipSchema, fetcher.data);
  const carriers = useId();
  const busy = fetcher.state !== "idle";
  // Shipped: the dialog closes and the page, read again, shows the order as shipped with its tracking.
  useEffect(() => {
    if (!busy && fetcher.data?.ok) setOpen(false);
  }, [busy, fetcher.data]);
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={!hydrated || busy}
        onClick={() => setOpen(true)}
      >
        Mark as shipped
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Mark ${productName} as shipped`}>
        <fetcher.Form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-3">
          <FormError message={form.formError} />
          <p>The buyer is told, with a link to follow the parcel.</p>
          <input type="hidden" name="intent" value="ship" />
          <input type="hidden" name="orderId" value={orderId} />
          <TextField
            label="Carrier"
            name="carrier"
            list={carriers}
            maxLength={40}
            autoComplete="off"
            error={form.errors.carrier}
            hint={`${KNOWN_CARRIERS.join(", ")} link to their tracking page; any other carrier is shown as you type it.`}
          />
          <datalist id={carriers}>
            {KNOWN_CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier} />
            ))}
          </datalist>
          <TextField
            label="Tracking number"
            name="trackingNumber"
            maxLength={40}
            autoComplete="off"
            error={form.errors.trackingNumber}
          />
          <div className="modal-action">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Not yet
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Mark as shipped
            </button>
          </div>
        </fetcher.Form>
      </Dialog>
    </>
  );
}
