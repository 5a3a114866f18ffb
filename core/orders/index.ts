/**
 * Orders: booking, paying, cancelling and receiving a laptop (order-states.ts holds who may move an
 * order and when), the seller's side of a sale (My Sales, declining a booking), an order's own page, and
 * the advert lifecycle that sales drive (advert-lifecycle.ts: where an advert is
 * held, sold, relisted or withdrawn). One verb per file, each taking the database or the caller's
 * transaction, then what it needs (`Money`: the card providers and the job queue), the actor and the input.
 */

// The buyer's side.
export { accept } from "./accept.ts";
export {
  approveAdvert,
  CATALOGUE_CHANNEL,
  holdForReview,
  isPublic,
  lockAdvert,
  matchAgain,
  PUBLICATIONS_CHANNEL,
  publish,
  rejectAdvert,
  removeAllOf,
  takeDown,
} from "./advert-lifecycle.ts";
// ReLaptop's own moves: deadlines, and the windows and fee they read.
export { applyDueDeadlines, sendDueReminders } from "./apply-deadlines.ts";
export { book } from "./book.ts";
export { cancel } from "./cancel.ts";
export { checkout } from "./checkout.ts";
export { confirmReceipt } from "./confirm-receipt.ts";
export { configureSaleWindows, playedEarlier, saleWindows } from "./deadlines.ts";
// The seller's side, an order's page and admins' list.
export { decline } from "./decline.ts";
export { handOver } from "./hand-over.ts";
export { listForAdmin } from "./list-for-admin.ts";
export { bookedAmong, listMine } from "./list-mine.ts";
export { listSales } from "./list-sales.ts";
// Money (decision 8): paying, the provider's word, refunds and the sweep that finishes what was left in flight.
export type { Money, PaymentCounter } from "./money.ts";
export { newOrderNumber, orderNumberOf } from "./order-number.ts";
export { SALE_STATUSES } from "./order-states.ts";
export { actionsFor, orderTimelines } from "./order-timeline.ts";
// For the verbs of other domains that read or move an order (core/disputes): who reads it; lock it, then take a
// transition of the table. The pages answer an id that names no order with ORDER_NOT_FOUND.
export { readableBy, readerOf } from "./order-view.ts";
export { pay, payWithTestCard } from "./pay.ts";
export { paymentFailed, settleIntent, startIntent } from "./payment-intent.ts";
export { configurePlatformFee, feeAtPayment, platformFee } from "./platform-fee.ts";
export { readOrder } from "./read-order.ts";
export { reconcile } from "./reconcile.ts";
export { finishRefund } from "./refund.ts";
export { refundedByProvider } from "./refunded-by-provider.ts";
export { ship } from "./ship.ts";
// The dashboard's counts of what waits on a buyer or a seller.
export { buyerToDo, sellerToDo } from "./to-do.ts";
export { applyTransition, findOrder, lockBuyer, lockOrder, ORDER_NOT_FOUND, orderNotFound } from "./transition.ts";
