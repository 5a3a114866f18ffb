import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { OrderActions } from "../../schemas/sales.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { ConfirmDialog } from "./dialog.tsx";

/** Where the buyer's cancel and "I received it" are posted, whichever page shows them (My Orders' action). */
const MY_ORDERS = "/dashboard/my/orders";

/**
 * The buyer's buttons on an order — Pay, I received it, Cancel (and refund) — as the order state table allows
 * them now (`can`, from the loader): on My Orders and on the order's own page, posting to one action.
 */
export function BuyerOrderActions({
  order,
  can,
}: {
  order: { id: string; productName: string };
  can: Pick<OrderActions, "pay" | "confirmReceipt" | "cancel" | "cancelAndRefund">;
}) {
  const fetcher = useFetcher();
  const [confirming, setConfirming] = useState<"cancel" | "receipt" | null>(null);
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle" || !hydrated;
  const post = (intent: "cancel" | "receipt") => {
    fetcher.submit({ intent, orderId: order.id }, { method: "post", action: MY_ORDERS });
    setConfirming(null);
  };
  return (
    <>
      {can.pay && (
        <Link to={`/dashboard/payment/${order.id}`} className="btn btn-primary btn-sm">
          Pay
        </Link>
      )}
      {can.confirmReceipt && (
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={busy}
          onClick={() => setConfirming("receipt")}
        >
          I received it
        </button>
      )}
      {(can.cancel || can.cancelAndRefund) && (
        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => setConfirming("cancel")}>
          Cancel
        </button>
      )}
      <ConfirmDialog
        open={confirming === "cancel"}
        onClose={() => setConfirming(null)}
        title={can.cancelAndRefund ? "Cancel this order and get a full refund?" : "Cancel this booking?"}
        dismissLabel={can.cancelAndRefund ? "Keep the order" : "Keep the booking"}
      >
        <button type="button" className="btn btn-error" onClick={() => post("cancel")}>
          {can.cancelAndRefund ? "Cancel and refund" : "Cancel booking"}
        </button>
      </ConfirmDialog>
      {/* Confirming receipt releases the money to the seller: it cannot be undone, so it is asked first. */}
      <ConfirmDialog
        open={confirming === "receipt"}
        onClose={() => setConfirming(null)}
        title={`Did you receive ${order.productName}?`}
        description="Confirming pays the seller and completes the order: it can no longer be cancelled or refunded."
        dismissLabel="Not yet"
      >
        <button type="button" className="btn btn-success" onClick={() => post("receipt")}>
          I received it
        </button>
      </ConfirmDialog>
    </>
  );
}
