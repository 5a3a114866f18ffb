import { useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "../lib/use-hydrated.ts";
import { ConfirmDialog } from "./dialog.tsx";

/**
 * A seller's Mark as handed over, on a paid order they meet for (My Sales, the order's page): asked first,
 * since it starts the buyer protection window, then posts `intent=handOver` to the page's own action
 * (app/lib/seller-order-actions.server.ts).
 */
export function HandOverButton({
  orderId,
  productName,
  buyerName,
}: {
  orderId: string;
  productName: string;
  buyerName: string;
}) {
  const fetcher = useFetcher();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={!hydrated || busy}
        onClick={() => setOpen(true)}
      >
        Mark as handed over
      </button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Did you hand ${productName} over to ${buyerName}?`}
        description="The buyer protection window starts now. When it ends without a problem reported, the sale is final."
        dismissLabel="Not yet"
      >
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            fetcher.submit({ intent: "handOver", orderId }, { method: "post" });
            setOpen(false);
          }}
        >
          Mark as handed over
        </button>
      </ConfirmDialog>
    </>
  );
}
