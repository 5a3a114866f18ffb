/**
 * Catalogue: brands, sellers' adverts (post, edit, advertise, delete), and what buyers browse —
 * search, filters, cards, a laptop's page. An advert's status changes only through the advert
 * lifecycle (core/orders/advert-lifecycle.ts).
 */
export { type AdvertFormValues, createAdvertCommands } from "./adverts.ts";
export { createBrandAdmin } from "./brands.ts";
export type { AdvertCard } from "./cards.ts";
export { type BrandView, createCatalogue, type SellerAdvert } from "./catalogue.ts";
export { searchQuery } from "./search.ts";
