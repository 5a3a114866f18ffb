import type { Core } from "../server/services.ts";
import type { demoTimeline } from "./demo-timeline.ts";
import { createPaidOrder, type createUser } from "./factories.ts";

type Account = Awaited<ReturnType<typeof createUser>>;

/** Sam ships some of his laptops (Rafi only meets buyers): every third of his, for $10 to $25. */
export const demoShipping = (i: number, sellsIt: "sam" | "rafi") =>
  sellsIt === "sam" && i % 3 === 0 ? (10 + (i % 4) * 5) * 100 : undefined;

/**
 * A shipped order on first start: Bea asked Sam to ship her a laptop five days ago and paid for it and its
 * shipping; Sam sent it with UPS two days ago. Her order's page links to the parcel's tracking at UPS, and his
 * My Sales shows it on its way. Through the core, so both have its notices.
 */
export async function seedShippedOrder(
  s: Core,
  happened: ReturnType<typeof demoTimeline>,
  { buyer, seller, advertId }: { buyer: Account; seller: Account; advertId: string },
) {
  const order = await happened(5 * 24, () =>
    createPaidOrder(s, buyer, {
      advertId,
      delivery: "ship",
      shippingAddress: {
        name: "Bea Buyer",
        line1: "House 12, Road 5, Dhanmondi",
        city: "Dhaka",
        postcode: "1205",
        country: "Bangladesh",
      },
      phone: "01711234567",
    }),
  );
  await happened(2 * 24, () =>
    s.services.orders.ship(seller, order.id, { carrier: "UPS", trackingNumber: "1Z999AA10123456784" }),
  );
}
