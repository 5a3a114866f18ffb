/**
 * Favourites: the laptops a person saved (the heart on every card), their page with each laptop's status
 * and price change since it was saved, and the price-drop notices when a seller lowers the price of a
 * saved laptop — written in the seller's transaction, fanned out by the job queue when there are many.
 */
export { createFavourites, type Favourites } from "./favourites.ts";
export {
  definePriceDropJob,
  FAN_OUT_PRICE_DROP,
  INLINE_SAVERS,
  recordPriceDrop,
} from "./price-drops.ts";
