import type { ShippingAddressReply } from "../../schemas/delivery.ts";
import { addressLines, totalCents } from "../../schemas/delivery-labels.ts";
import { formatPrice } from "../../schemas/money.ts";
import type { OrderDetail } from "../../schemas/sales.ts";

/**
 * What the buyer pays: the laptop and, for a shipped order, its shipping (said, when it costs anything); and, where
 * the reader is told, what went back to them.
 */
export function OrderAmount({
  order,
}: {
  order: { priceCents: number; shippingCents: number; refundedCents?: number };
}) {
  return (
    <>
      {formatPrice(totalCents(order))}
      {order.shippingCents > 0 && (
        <span className="text-sm font-normal text-base-content/70">
          {" "}
          (with {formatPrice(order.shippingCents)} shipping)
        </span>
      )}
      {Boolean(order.refundedCents) && (
        <span className="text-sm font-normal text-base-content/70">
          {" "}
          · {formatPrice(order.refundedCents ?? 0)} refunded
        </span>
      )}
    </>
  );
}

/** A postal address as it goes on a parcel: plain text, a line each. */
export function AddressLines({ address }: { address: ShippingAddressReply }) {
  return (
    <address className="not-italic">
      {addressLines(address).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/**
 * A shipped parcel: a link to its carrier's tracking page with the number, or — for a carrier we do not
 * know — the carrier and number as the seller typed them.
 */
export function Tracking({ shipment }: { shipment: NonNullable<OrderDetail["shipment"]> }) {
  const words = `${shipment.carrier} ${shipment.trackingNumber}`;
  if (!shipment.trackingUrl) return <span>{words}</span>;
  return (
    <a href={shipment.trackingUrl} className="link" target="_blank" rel="noreferrer">
      Track the parcel: {words}
      <span className="sr-only"> (opens the carrier's site in a new tab)</span>
    </a>
  );
}

/**
 * How the laptop reaches its buyer, as a description list's rows: where they meet, or where it is shipped
 * (held back from the seller until the order is paid: the server sends no address then) and its tracking.
 */
export function DeliveryRows({
  order,
}: {
  order: Pick<OrderDetail, "delivery" | "meetingLocation" | "shippingAddress" | "shipment">;
}) {
  if (order.delivery === "meet") {
    return (
      <>
        <dt className="font-semibold">Delivery</dt>
        <dd>{`Meet in person at ${order.meetingLocation}`}</dd>
      </>
    );
  }
  return (
    <>
      <dt className="font-semibold">Delivery</dt>
      <dd>Shipping to the buyer’s address</dd>
      <dt className="font-semibold">Ship to</dt>
      <dd>
        {order.shippingAddress ? (
          <AddressLines address={order.shippingAddress} />
        ) : (
          "The buyer's address shows here once they have paid."
        )}
      </dd>
      {order.shipment && (
        <>
          <dt className="font-semibold">Tracking</dt>
          <dd>
            <Tracking shipment={order.shipment} />
          </dd>
        </>
      )}
    </>
  );
}
