import { z } from "zod";
import { formatPrice } from "./money.ts";
import { optionalText, requiredText } from "./text-fields.ts";

/**
 * Meet or ship: where a shipped laptop goes. The usual postal fields, each length-limited plain text (shown
 * as text, never markup). The seller reads it once the order is paid; admins and the buyer always.
 */
export const shippingAddressSchema = z.object({
  name: requiredText("Enter the name on the parcel").max(100, "Keep the name under 100 characters"),
  line1: requiredText("Enter the street address").max(120, "Keep each address line under 120 characters"),
  line2: optionalText(120, "Keep each address line under 120 characters"),
  city: requiredText("Enter the town or city").max(80, "Keep the town or city under 80 characters"),
  region: optionalText(80, "Keep the state or county under 80 characters"),
  postcode: requiredText("Enter the postcode or ZIP code").max(20, "Keep the postcode under 20 characters"),
  country: requiredText("Enter the country").max(60, "Keep the country under 60 characters"),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** The address as replies give it back: the same fields, as they were checked and stored. */
export const shippingAddressReplySchema = z
  .object({
    name: z.string(),
    line1: z.string(),
    line2: z.string().optional(),
    city: z.string(),
    region: z.string().optional(),
    postcode: z.string(),
    country: z.string(),
  })
  .meta({ id: "ShippingAddress" });
export type ShippingAddressReply = z.infer<typeof shippingAddressReplySchema>;

/** The address as lines on a label, the empty optional ones left out. */
export const addressLines = (a: ShippingAddressReply) =>
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

/** Mark as shipped on an order its buyer meets the seller for. */
export const HAND_IT_OVER_INSTEAD = "This order is met in person: mark it as handed over when you meet, not shipped.";

export const TRACKING_NUMBER_CHARACTERS = "Enter the tracking number in letters and digits, as the carrier wrote it";

/** Mark as shipped: the carrier and the tracking number the buyer follows the parcel with. */
export const shipSchema = z.object({
  carrier: requiredText("Enter the carrier")
    .max(40, "Keep the carrier under 40 characters")
    .transform((typed) => knownCarrier(typed) ?? typed),
  trackingNumber: requiredText("Enter the tracking number")
    .max(40, "Keep the tracking number under 40 characters")
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, TRACKING_NUMBER_CHARACTERS),
});
export type ShipInput = z.infer<typeof shipSchema>;
