import { declineSchema } from "../../schemas/sales.ts";
import { FormItem } from "../lib/typed-values.ts";
import { useOrderStep } from "../lib/use-order-step.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { Dialog } from "./dialog.tsx";
import { checkedForm, TextField } from "./form-field.tsx";

/**
 * A seller's Decline on a booking nobody has paid for (My Sales, the order's page): asks for the reason the
 * buyer will read, then posts `intent=decline` to the page's own action.
 */
export function DeclineButton({ orderId, productName }: { orderId: string; productName: string }) {
  const { fetcher, busy, open, close, opener } = useOrderStep();
  const form = useValidatedForm(declineSchema, fetcher.data);
  return (
    <>
      <button className="btn btn-sm btn-error btn-outline" {...opener}>
        Decline
      </button>
      <Dialog open={open} onClose={close} title={`Decline the booking of ${productName}?`}>
        <FormItem value={orderId}>
          <fetcher.Form {...checkedForm(form)} className="flex flex-col gap-3">
            <p>The buyer reads your reason, and the laptop can be booked again at once.</p>
            <input type="hidden" name="intent" value="decline" />
            <input type="hidden" name="orderId" value={orderId} />
            <TextField label="Reason shown to the buyer" name="reason" maxLength={300} error={form.errors.reason} />
            <div className="modal-action">
              <button type="button" className="btn" onClick={close}>
                Keep the booking
              </button>
              <button type="submit" className="btn btn-error" disabled={busy}>
                Decline booking
              </button>
            </div>
          </fetcher.Form>
        </FormItem>
      </Dialog>
    </>
  );
}
