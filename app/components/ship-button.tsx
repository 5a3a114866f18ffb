import { useId } from "react";
import { KNOWN_CARRIERS, shipSchema } from "../../schemas/delivery.ts";
import { FormItem } from "../lib/typed-values.ts";
import { useOrderStep } from "../lib/use-order-step.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { Dialog } from "./dialog.tsx";
import { checkedForm, FormError, TextField } from "./form-field.tsx";

/**
 * A seller's Mark as shipped on a paid order to be shipped (My Sales, the order's page): asks for the carrier
 * (the ones whose tracking page we link to are offered as you type) and the tracking number, then posts
 * `intent=ship` to the page's own action. A refusal stays in the dialog, under its field or above the form.
 */
export function ShipButton({ orderId, productName }: { orderId: string; productName: string }) {
  const { fetcher, busy, open, close, opener } = useOrderStep();
  const form = useValidatedForm(shipSchema, fetcher.data);
  const carriers = useId();
  return (
    <>
      <button className="btn btn-sm btn-primary" {...opener}>
        Mark as shipped
      </button>
      <Dialog open={open} onClose={close} title={`Mark ${productName} as shipped`}>
        <FormItem value={orderId}>
          <fetcher.Form {...checkedForm(form)} className="flex flex-col gap-3">
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
              <button type="button" className="btn" onClick={close}>
                Not yet
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Mark as shipped
              </button>
            </div>
          </fetcher.Form>
        </FormItem>
      </Dialog>
    </>
  );
}
