/**
 * Orders: booking, paying, cancelling and receiving a laptop (order-states.ts holds who may move an
 * order and when), and the advert lifecycle that sales drive (advert-lifecycle.ts: where an advert is
 * held, sold, relisted or withdrawn).
 */

// What an order looks like to its buyer is described once, in schemas/orders.ts.
export type { OrderView } from "../../schemas/orders.ts";
export {
  ADVERT_TRANSITIONS,
  approveAdvert,
  CATALOGUE_CHANNEL,
  holdForReview,
  isPublic,
  lockAdvert,
  PUBLICATIONS_CHANNEL,
  publish,
  rejectAdvert,
  removeAllOf,
  takeDown,
} from "./advert-lifecycle.ts";
export { canTransition, SALE_STATUSES, TRANSITIONS } from "./order-states.ts";
export { createOrders, MAX_LIVE_BOOKINGS, type Orders, TOO_MANY_BOOKINGS } from "./orders.ts";
export { ONE_HOLD_AT_A_TIME } from "./pay-order.ts";
