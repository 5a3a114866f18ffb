/**
 * Orders: booking, paying, cancelling and receiving a laptop (order-states.ts holds who may move an
 * order and when), the seller's side of a sale (My Sales, declining a booking), an order's own page, and
 * the advert lifecycle that sales drive (advert-lifecycle.ts: where an advert is
 * held, sold, relisted or withdrawn).
 */

// What an order looks like to its buyer is described once, in schemas/orders.ts.
export type { OrderView } from "../../schemas/orders.ts";
// The sale seen from both sides (the house's new shape: one verb per file, taking `Db | Tx`, the actor, the input).
export { accept } from "./accept.ts";
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
// The sale seen from both sides (the house's new shape: one verb per file, taking `Db | Tx`, the actor, the input).
export { applyDueDeadlines, sendDueReminders } from "./apply-deadlines.ts";
export { confirmReceipt } from "./confirm-receipt.ts";
export { configureSaleWindows, DEFAULT_SALE_WINDOWS, type SaleWindows, saleWindows } from "./deadlines.ts";
export { decline } from "./decline.ts";
export { handOver } from "./hand-over.ts";
export { listSales, SALES_PAGE_SIZE, salesQuery } from "./list-sales.ts";
export { newOrderNumber, orderNumberOf } from "./order-number.ts";
export { canTransition, SALE_STATUSES, TRANSITIONS, type Transition } from "./order-states.ts";
export { actionsFor, orderTimeline, orderTimelines } from "./order-timeline.ts";
export { createOrders, MAX_LIVE_BOOKINGS, type Orders, TOO_MANY_BOOKINGS } from "./orders.ts";
export { ONE_HOLD_AT_A_TIME } from "./pay-order.ts";
export { configurePlatformFee, feeAtPayment, platformFee } from "./platform-fee.ts";
export { readOrder } from "./read-order.ts";
export { ship } from "./ship.ts";
// For the verbs of other domains that move an order (core/disputes): lock it, then take a transition of the table.
export { applyTransition, findOrder, lockOrder, orderNotFound } from "./transition.ts";
