/**
 * Favourites: the laptops a person saved (the heart on every card), their page with each laptop's status
 * and price change since it was saved, and what their savers are told — a lower price, a sale to someone
 * else, a refunded sale back on sale — written in the transaction of the change, fanned out by the job
 * queue when there are many. The verbs take the database (the reads, where quick reads go), the person and
 * the input.
 */
export type { Saver } from "./buyers.ts";
export { heartsAmong, savedAmong } from "./hearts.ts";
export { bookedNow, favouritesPageQuery, listFavourites } from "./list-favourites.ts";
export { removeFavourite, saveFavourite } from "./save.ts";
export { alertSavers, defineSaverAlertJob, FAN_OUT_SAVER_ALERT, INLINE_SAVERS } from "./saver-alerts.ts";
