import { totalCents } from "../../schemas/delivery-labels.ts";
import { formatPrice } from "../../schemas/money.ts";
import type { OrderDetail } from "../../schemas/sales.ts";

/**
 * An order's money, as a description list's rows: the price, shipping and what the buyer pays; for its seller and
 * admins (the server sends the fee to no one else) ReLaptop's fee, fixed when it was paid, and what the seller
 * receives.
 */
export function OrderMoneyRows({ order }: { order: Pick<OrderDetail, "priceCents" | "shippingCents" | "feeCents"> }) {
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
      {order.feeCents !== null && (
        <>
          <dt className="font-semibold">ReLaptop’s fee</dt>
          <dd>{formatPrice(order.feeCents)}</dd>
          <dt className="font-semibold">Seller receives</dt>
          <dd className="font-semibold">{formatPrice(total - order.feeCents)}</dd>
        </>
      )}
    </>
  );
}
