import { totalCents } from "../../schemas/delivery-labels.ts";
import { formatPrice } from "../../schemas/money.ts";
import type { OrderDetail } from "../../schemas/sales.ts";

/**
 * An order's money, as a description list's rows: the price, shipping, what the buyer pays and what went back to
 * them; for its seller and admins (the server sends the fee to no one else) ReLaptop's fee as it stands and what the
 * seller receives: the total, less the refund, less the fee.
 */
export function OrderMoneyRows({
  order,
}: {
  order: Pick<OrderDetail, "priceCents" | "shippingCents" | "feeCents" | "refundedCents">;
}) {
  const total = totalCents(order);
  return (
    <>
      <dt className="font-semibold">Price</dt>
      <dd>{formatPrice(order.priceCents)}</dd>
      {order.shippingCents > 0 && (
        <>
          <dt className="font-semibold">Shipping</dt>
          <dd>{formatPrice(order.shippingCents)}</dd>
        </>
      )}
      <dt className="font-semibold">Total</dt>
      <dd>{formatPrice(total)}</dd>
      {order.refundedCents > 0 && (
        <>
          <dt className="font-semibold">Refunded to the buyer</dt>
          <dd>{formatPrice(order.refundedCents)}</dd>
        </>
      )}
      {order.feeCents !== null && (
        <>
          <dt className="font-semibold">ReLaptop’s fee</dt>
          <dd>{formatPrice(order.feeCents)}</dd>
          <dt className="font-semibold">Seller receives</dt>
          <dd className="font-semibold">{formatPrice(total - order.refundedCents - order.feeCents)}</dd>
        </>
      )}
    </>
  );
}
