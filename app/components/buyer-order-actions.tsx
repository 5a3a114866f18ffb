import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { OrderActions } from "../../schemas/sales.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { ConfirmDialog } from "./dialog.tsx";

/** Where the buyer's buttons post, whichever page shows them (My Orders' action). */
const MY_ORDERS = "/dashboard/my/orders";

export type BuyerIntent = "cancel" | "receipt" | "accept";

/**
 * Receiving ends cancelling (a problem is reported instead), accepting pays the seller: neither can be undone,
 * so each is asked first, saying what it ends.
 */
const ASKED_FIRST = {
  receipt: {
    allowed: "confirmReceipt",
    label: "I received it",
    title: (productName: string) => `Did you receive ${productName}?`,
    description: (protectionHours: number) =>
      `The order can no longer be cancelled. For ${protectionHours} hours you can still report a problem; then the sale is final and the seller is paid.`,
  },
  accept: {
    allowed: "accept",
    label: "Everything is fine",
    title: (productName: string) => `Is everything fine with ${productName}?`,
    description: () => "The sale becomes final now and the seller is paid: you can no longer report a problem.",
  },
} as const;

/**
 * The buyer's buttons on an order — Pay, I received it, Everything is fine, Cancel (and refund) — as the order
 * state table allows them now (`can`, from the loader): on My Orders and on the order's own page, posting to
 * one action.
 */
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
  const asked = (["receipt", "accept"] as const).filter((intent) => can[ASKED_FIRST[intent].allowed]);
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
      {asked.map((intent) => (
        <button
          key={intent}
          type="button"
          className="btn btn-success btn-sm"
          disabled={busy}
          onClick={() => setConfirming(intent)}
        >
          {ASKED_FIRST[intent].label}
        </button>
      ))}
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
      {asked.map((intent) => (
        <ConfirmDialog
          key={intent}
          open={confirming === intent}
          onClose={() => setConfirming(null)}
          title={ASKED_FIRST[intent].title(order.productName)}
          description={ASKED_FIRST[intent].description(protectionHours)}
          dismissLabel="Not yet"
        >
          <button type="button" className="btn btn-success" onClick={() => post(intent)}>
            {ASKED_FIRST[intent].label}
          </button>
        </ConfirmDialog>
      ))}
    </>
  );
}
