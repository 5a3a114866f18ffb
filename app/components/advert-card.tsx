import type { AdvertCard as Advert } from "../../core/catalogue/index.ts";
import { deliveryLabel } from "../../schemas/delivery-labels.ts";
import { formatPrice } from "../../schemas/money.ts";
import { IN_HAND } from "../../schemas/proof-labels.ts";
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

/** "In hand": an admin checked a photo of the laptop beside its seller's one-time code. */
export function InHandBadge() {
  return (
    <span className="badge badge-success badge-sm" title={IN_HAND.title}>
      {IN_HAND.badge}
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
 * three or more; from `sm` up, a tile of the grid. Its looks are short classes (app.css): a results page
 * carries 24 cards, and each one's class lists were a quarter of its bytes.
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
    <article className="card advert-card">
      <FavouriteButton advertId={advert.id} hearts={hearts} className="card-heart" />
      <figure className="advert-photo">
        <LaptopPhoto src={advert.imageUrl} alt={advert.name} loading="lazy" width={640} />
      </figure>
      <div className="card-body advert-body">
        <Heading className="card-title advert-title">
          <LaptopLink id={advert.id} name={advert.name} className="advert-link" />
        </Heading>
        <p className="advert-specs">
          <span className="sr-only">Specs: </span>
          {`${specLine(advert).join(" · ")} `}
          <TierBadge tier={advert.performanceTier} />
        </p>
        <p className="advert-line">
          <span className="advert-price">
            <span className="sr-only">Resale price: </span>
            {formatPrice(advert.resalePriceCents)}
          </span>
          <span className="advert-was">
            <span className="sr-only">Original price: </span>
            {formatPrice(advert.originalPriceCents)}
          </span>
          <PriceBadge badge={advert.priceBadge} />
        </p>
        <p className="text-base-content/80">
          {`${advert.location} · Used ${advert.yearsOfUse} year${advert.yearsOfUse === 1 ? "" : "s"} · ${deliveryLabel(advert.shippingCents)}`}
        </p>
        <p className="advert-line">
          {`Seller: ${advert.sellerName} `}
          <SellerRating rating={advert.sellerRating} />
          {advert.sellerVerified && (
            <>
              {" "}
              <VerifiedMark />
            </>
          )}
          {advert.inHand && (
            <>
              {" "}
              <InHandBadge />
            </>
          )}
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
