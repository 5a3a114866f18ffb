import type { AdvertCard as Advert } from "../../core/catalogue/index.ts";
import { deliveryLabel } from "../../schemas/delivery-labels.ts";
import { formatPrice } from "../../schemas/money.ts";
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
 * link emailed to their address.
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
 * heart (above the link) and the card's own actions.
 */
export function AdvertCard({
  advert,
  hearts = { mode: "none" },
  children,
}: {
  advert: Advert;
  hearts?: Hearts;
  children?: React.ReactNode;
}) {
  return (
    <article className="card relative border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md">
      <FavouriteButton advertId={advert.id} hearts={hearts} className="card-heart" />
      <figure className="aspect-[4/3] bg-base-200">
        <LaptopPhoto
          src={advert.imageUrl}
          alt={advert.name}
          loading="lazy"
          width={640}
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-1 p-4">
        <h3 className="card-title text-lg">
          <LaptopLink
            id={advert.id}
            name={advert.name}
            className="after:absolute after:inset-0 focus-visible:underline"
          />
        </h3>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-base-content/70">{advert.location}</span> <TierBadge tier={advert.performanceTier} />
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm">
          <dt>Original price</dt>
          <dd className="line-through">{formatPrice(advert.originalPriceCents)}</dd>
          <dt>Resale price</dt>
          <dd className="flex flex-wrap items-center gap-2 font-semibold text-primary">
            {formatPrice(advert.resalePriceCents)} <PriceBadge badge={advert.priceBadge} />
          </dd>
          <dt>Used</dt>
          <dd>
            {advert.yearsOfUse} year{advert.yearsOfUse === 1 ? "" : "s"}
          </dd>
          <dt>Delivery</dt>
          <dd>{deliveryLabel(advert.shippingCents)}</dd>
        </dl>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          Seller: {advert.sellerName} <SellerRating rating={advert.sellerRating} />{" "}
          {advert.sellerVerified && <VerifiedMark />} {advert.sellerEmailConfirmed && <EmailConfirmedMark />}
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
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {adverts.map((advert) => (
        <AdvertCard key={advert.id} advert={advert} hearts={hearts}>
          {action?.(advert)}
        </AdvertCard>
      ))}
    </div>
  );
}
