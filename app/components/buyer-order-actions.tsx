import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { OrderActions } from "../../schemas/sales.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { ConfirmDialog } from "./dialog.tsx";

/** Where the buyer's buttons post, whichever page shows them (My Orders' action). */
const MY_ORDERS = "/dashboard/my/orders";

/**
 * The buyer's buttons on an order — Pay, I received it, Everything is fine, Cancel (and refund) — as the order
 * state table allows them now (`can`, from the loader): on My Orders and on the order's own page, posting to
 * one action.
 */
export type BuyerIntent = "cancel" | "receipt" | "accept";

export function BuyerOrderActions({
  order,
  can,
  protectionHours,
}: {
  order: { id: string; productName: string };
  /** The buyer protection window, as configured (the loader's). */
  protectionHours: number;
  can: Pick<OrderActions, "pay" | "confirmReceipt" | "accept" | "cancel" | "cancelAndRefund">;
}) {
  const fetcher = useFetcher();
  const [confirming, setConfirming] = useState<BuyerIntent | null>(null);
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle" || !hydrated;
  const post = (intent: BuyerIntent) => {
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
      {can.accept && (
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={busy}
          onClick={() => setConfirming("accept")}
        >
          Everything is fine
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
      {/* Receiving ends cancelling (a problem is reported instead): it cannot be undone, so it is asked first. */}
      <ConfirmDialog
        open={confirming === "receipt"}
        onClose={() => setConfirming(null)}
        title={`Did you receive ${order.productName}?`}
        description={`The order can no longer be cancelled. For ${protectionHours} hours you can still report a problem; then the sale is final and the seller is paid.`}
        dismissLabel="Not yet"
      >
        <button type="button" className="btn btn-success" onClick={() => post("receipt")}>
          I received it
        </button>
      </ConfirmDialog>
      {/* Accepting releases the money to the seller at once: it cannot be undone, so it is asked first. */}
      <ConfirmDialog
        open={confirming === "accept"}
        onClose={() => setConfirming(null)}
        title={`Is everything fine with ${order.productName}?`}
        description="The sale becomes final now and the seller is paid: you can no longer report a problem."
        dismissLabel="Not yet"
      >
        <button type="button" className="btn btn-success" onClick={() => post("accept")}>
          Everything is fine
        </button>
      </ConfirmDialog>
    </>
  );
}
