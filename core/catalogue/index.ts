/**
 * Catalogue: brands, sellers' adverts (post, edit, advertise, delete), and what buyers browse —
 * search, filters, cards, a laptop's page. An advert's status changes only through the advert
 * lifecycle (core/orders/advert-lifecycle.ts).
 */

// What the catalogue returns is described once, in schemas/catalogue.ts (the API documents the same shapes).
export type { AdvertCard, BrandView, SellerAdvert } from "../../schemas/catalogue.ts";
export { type AdvertFormValues, createAdvertCommands } from "./adverts.ts";
export { BRANDS_CHANNEL, createBrandAdmin } from "./brands.ts";
export { createCatalogue } from "./catalogue.ts";
export type { KeepSlowCounts } from "./facets.ts";
export {
  type ComparablePrices,
  type ComparableSpec,
  comparablePrices,
  generationBand,
  priceGuidance,
} from "./price-guidance.ts";
export { definePriceGuideRefresh, REFRESH_PRICE_GUIDES } from "./price-guides.ts";
export { backfillProcessors } from "./processors/backfill.ts";
export { matchProcessor, type ProcessorMatch, processorColumns } from "./processors/match.ts";
export { PROCESSORS, type Processor, TIER_STARTS, tierName, tierOfScore } from "./processors/processors.ts";
export { processorHints, suggestProcessors } from "./processors/suggest.ts";
export { searchQuery, type Within } from "./search.ts";
export {
  advertToMatch,
  cpuPattern,
  savedSearchColumns,
  savedSearchFilters,
  savedSearchPasses,
} from "./search-filters.ts";
