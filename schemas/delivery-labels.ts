import { formatPrice } from "./money.ts";

/**
 * A delivery as pages and emails say it: the address on a label, the total, "Ships for $X", the carriers'
 * tracking pages. No zod here: cards import it (schemas/delivery.ts has the forms' rules).
 */

/** A postal address as a label prints it (schemas/delivery.ts, which imports this file, checks its fields). */
type PostalAddress = Record<"name" | "line1" | "city" | "postcode" | "country", string> & {
  line2?: string;
  region?: string;
};

/** The address as lines on a label, the empty optional ones left out. */
export const addressLines = (a: PostalAddress) =>
  [a.name, a.line1, a.line2, [a.city, a.region, a.postcode].filter(Boolean).join(", "), a.country].filter(
    (line): line is string => Boolean(line),
  );

/** What the buyer pays, and what is charged: the laptop and, for a shipped order, its shipping. */
export const totalCents = (order: { priceCents: number; shippingCents: number }) =>
  order.priceCents + order.shippingCents;

/**
 * How a laptop reaches its buyer, in a card's or a page's few words: `shippingCents` is the advert's price
 * of shipping, null when its seller only meets buyers.
 */
export const deliveryLabel = (shippingCents: number | null) =>
  shippingCents === null
    ? "Meet in person only"
    : shippingCents === 0
      ? "Ships free"
      : `Ships for ${formatPrice(shippingCents)}`;

/**
 * The carriers whose tracking page we link to, with the number in its address. Any other carrier is shown
 * as the seller typed it, without a link.
 */
export const CARRIERS = {
  USPS: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
  UPS: "https://www.ups.com/track?tracknum=",
  FedEx: "https://www.fedex.com/fedextrack/?trknbr=",
  DHL: "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=",
  "Royal Mail": "https://www.royalmail.com/track-your-item#/tracking-results/",
} as const;
export const KNOWN_CARRIERS = Object.keys(CARRIERS) as (keyof typeof CARRIERS)[];

/** A carrier as typed ("royal mail", "Fedex") read as one we know, spelled our way; else as typed. */
const squeezed = (name: string) => name.toLowerCase().replace(/\s+/g, "");
export const knownCarrier = (typed: string) => KNOWN_CARRIERS.find((c) => squeezed(c) === squeezed(typed));

/** Where to follow a parcel: the carrier's tracking page with the number, or null for a carrier we do not know. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const known = knownCarrier(carrier);
  return known ? `${CARRIERS[known]}${encodeURIComponent(trackingNumber.replace(/\s+/g, ""))}` : null;
}

/** The carriers' own sites: the only places off ReLaptop an email may link to (a parcel's tracking page). */
export const CARRIER_ORIGINS = Object.values(CARRIERS).map((url) => new URL(url).origin);
