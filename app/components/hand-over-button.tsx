import { useOrderStep } from "../lib/use-order-step.ts";
import { ConfirmDialog } from "./dialog.tsx";

/**
 * A seller's Mark as handed over, on a paid order they meet for (My Sales, the order's page): asked first,
 * since it starts the buyer protection window, then posts `intent=handOver` to the page's own action.
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
  const { fetcher, open, close, opener } = useOrderStep();
  return (
    <>
      <button className="btn btn-sm btn-primary" {...opener}>
        Mark as handed over
      </button>
      <ConfirmDialog
        open={open}
        onClose={close}
        title={`Did you hand ${productName} over to ${buyerName}?`}
        description="The buyer protection window starts now. When it ends without a problem reported, the sale is final."
        dismissLabel="Not yet"
      >
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            fetcher.submit({ intent: "handOver", orderId }, { method: "post" });
            close();
          }}
        >
          Mark as handed over
        </button>
      </ConfirmDialog>
    </>
  );
}
