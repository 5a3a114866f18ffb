/**
 * Catalogue: brands, sellers' adverts (post, edit, advertise, delete), and what buyers browse —
 * search, filters, cards, a laptop's page. An advert's status changes only through the advert
 * lifecycle (core/orders/advert-lifecycle.ts). The changes are verbs, one a file (brands.ts holds the three
 * brand verbs), each taking the database or the caller's transaction, the media storage or job queue where
 * needed, the actor and the input; what buyers browse is createCatalogue's, which keeps its caches.
 */

// What the catalogue returns is described once, in schemas/catalogue.ts (the API documents the same shapes).
export type { AdvertCard, BrandView, SellerAdvert } from "../../schemas/catalogue.ts";
export { type AdvertFormValues, getAdvertForEdit } from "./advert-form-values.ts";
export { parseBatteryReport } from "./battery-report.ts";
export { BRANDS_CHANNEL, createBrand, removeBrand, updateBrand } from "./brands.ts";
export { withCards } from "./cards.ts";
export { createCatalogue } from "./catalogue.ts";
export { createAdvert } from "./create-advert.ts";
export type { KeepSlowCounts } from "./facets.ts";
export { comparablePrices, priceGuidance } from "./price-guidance.ts";
export { definePriceGuideRefresh, REFRESH_PRICE_GUIDES } from "./price-guides.ts";
export { backfillProcessors } from "./processors/backfill.ts";
export { processorColumns } from "./processors/match.ts";
export { processorHints } from "./processors/suggest.ts";
export {
  attachProof,
  decideProof,
  openProofPhoto,
  PROOF_TRANSITIONS,
  PROOF_WORTH_CHECKING,
  pendingProofs,
  proofCodeFor,
  proofStateOf,
  removeProofPhotosOf,
} from "./proof-photos.ts";
export { reviewSignals } from "./review-signals.ts";
export { searchQuery, type Within } from "./search.ts";
export {
  advertToMatch,
  cpuPattern,
  savedSearchColumns,
  savedSearchFilters,
  savedSearchPasses,
} from "./search-filters.ts";
export { listSellerAdverts } from "./seller-adverts.ts";
export { type SerialHasher, serialHasher } from "./serial-numbers.ts";
export { setAdvertised } from "./set-advertised.ts";
export { defineStagedPhotoExpiry, EXPIRE_STAGED_PHOTOS, expireStagedPhotos, stagePhoto } from "./staged-photos.ts";
export { updateAdvert } from "./update-advert.ts";
export { withdrawAdvert } from "./withdraw-advert.ts";
export { whatItIsWorth, worthOf } from "./worth.ts";
