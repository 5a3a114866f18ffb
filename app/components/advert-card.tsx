import type { AdvertCard as Advert } from "../../core/catalogue/index.ts";
import { deliveryLabel } from "../../schemas/delivery-labels.ts";
import { formatPrice } from "../../schemas/money.ts";
import { specLine } from "../../schemas/spec-line.ts";
import type { PerformanceTier } from "../../schemas/values.ts";
import type { Hearts } from "../lib/use-personal-data.ts";
import { FavouriteButton } from "./favourite-button.tsx";
import { LaptopLink } from "./laptop-link.tsx";
import { LaptopPhoto } from "./laptop-photo.tsx";
import { PriceBadge } from "./price-badge.tsx";
import { SellerRating } from "./seller-rating.tsx";

export function VerifiedMark() {
  return (
    <span className="badge badge-info badge-sm gap-1" title="Verified seller">
      ✓ <span>Verified</span>
    </span>
  );
}

/** How fast the laptop's processor is; nothing when the processor was not recognised. */
export function TierBadge({ tier }: { tier: PerformanceTier | null }) {
  if (!tier) return null;
  return (
    <span className="badge badge-outline badge-sm whitespace-nowrap" title="Processor performance tier">
      <span className="sr-only">Processor tier: </span>
      {tier}
    </span>
  );
}

/**
 * A trust mark of its own, beside (never instead of) the admin's "✓ Verified": the seller followed the
 * link emailed to their address. Shown on the laptop's and the seller's pages, not on cards: nearly every
 * seller has it, so on a card it told nothing apart.
 */
export function EmailConfirmedMark() {
  return (
    <span className="badge badge-outline badge-success badge-sm" title="The seller confirmed their email address">
      Email confirmed
    </span>
  );
}

/**
 * A laptop's card; its title links to the detail page and the whole card is the click target, except the
 * heart (above the link) and the card's own actions. It leads with what laptops are bought by (the spec
 * line) and the price. On a phone it is a compact row, the photo beside the text, so that a screen shows
 * three or more; from `sm` up, a tile of the grid.
 */
export function AdvertCard({
  advert,
  hearts = { mode: "none" },
  heading: Heading = "h3",
  children,
}: {
  advert: Advert;
  hearts?: Hearts;
  /** h2 where the cards sit straight under the page's h1 (a dashboard list), h3 under a section's h2. */
  heading?: "h2" | "h3";
  children?: React.ReactNode;
}) {
  return (
    <article className="card relative flex-row border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md sm:flex-col">
      <FavouriteButton advertId={advert.id} hearts={hearts} className="card-heart" />
      <figure className="w-24 shrink-0 rounded-l-box bg-base-200 sm:aspect-[4/3] sm:w-auto sm:rounded-none sm:rounded-t-box">
        <LaptopPhoto
          src={advert.imageUrl}
          alt={advert.name}
          loading="lazy"
          width={640}
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body min-w-0 gap-0.5 p-3 text-xs sm:gap-1 sm:p-4 sm:text-sm">
        <Heading className="card-title line-clamp-1 pr-8 text-base sm:line-clamp-2 sm:text-lg">
          <LaptopLink
            id={advert.id}
            name={advert.name}
            className="after:absolute after:inset-0 focus-visible:underline"
          />
        </Heading>
        <p className="flex flex-wrap items-center gap-x-1.5 pr-6 sm:pr-0">
          <span className="sr-only">Specs: </span>
          {specLine(advert).join(" · ")} <TierBadge tier={advert.performanceTier} />
        </p>
        <p className="flex flex-wrap items-center gap-x-2">
          <span className="text-base font-semibold text-primary">
            <span className="sr-only">Resale price: </span>
            {formatPrice(advert.resalePriceCents)}
          </span>
          <span className="text-base-content/70 line-through">
            <span className="sr-only">Original price: </span>
            {formatPrice(advert.originalPriceCents)}
          </span>
          <PriceBadge badge={advert.priceBadge} />
        </p>
        <p className="text-base-content/80">
          {advert.location} · Used {advert.yearsOfUse} year{advert.yearsOfUse === 1 ? "" : "s"} ·{" "}
          {deliveryLabel(advert.shippingCents)}
        </p>
        <p className="flex flex-wrap items-center gap-x-2">
          Seller: {advert.sellerName} <SellerRating rating={advert.sellerRating} />{" "}
          {advert.sellerVerified && <VerifiedMark />}
        </p>
        {children && <div className="relative z-10">{children}</div>}
      </div>
    </article>
  );
}
/** Adverts as cards in the catalogue's grid: a page of results, the home page's latest laptops. */
export function AdvertCards({
  adverts,
  hearts,
  action,
}: {
  adverts: Advert[];
  hearts?: Hearts;
  action?: (advert: Advert) => React.ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3">
      {adverts.map((advert) => (
        <AdvertCard key={advert.id} advert={advert} hearts={hearts}>
          {action?.(advert)}
        </AdvertCard>
      ))}
    </div>
  );
}
