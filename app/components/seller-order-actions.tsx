import type { OrderActions } from "../../schemas/sales.ts";
import { DeclineButton } from "./decline-button.tsx";
import { HandOverButton } from "./hand-over-button.tsx";
import { ShipButton } from "./ship-button.tsx";

/**
 * The seller's buttons on an order — Decline, Mark as handed over, Mark as shipped — as the order state table
 * allows them now (`can`, from the loader): on My Sales and on the order's own page, each posting to that page's
 * action.
 */
export function SellerOrderActions({
  order,
  can,
}: {
  order: { id: string; productName: string; buyerName: string };
  can: Pick<OrderActions, "decline" | "handOver" | "ship">;
}) {
  return (
    <>
      {can.handOver && (
        <HandOverButton orderId={order.id} productName={order.productName} buyerName={order.buyerName} />
      )}
      {can.ship && <ShipButton orderId={order.id} productName={order.productName} />}
      {can.decline && <DeclineButton orderId={order.id} productName={order.productName} />}
    </>
  );
}
