import { z } from "zod";
import { knownCarrier } from "./delivery-labels.ts";
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

// What pages show of a delivery — labels, totals, tracking links — is in delivery-labels.ts, free of zod, so
// that a card showing "Ships for $X" brings no validation code to the browser.
export {
  addressLines,
  CARRIER_ORIGINS,
  CARRIERS,
  deliveryLabel,
  KNOWN_CARRIERS,
  knownCarrier,
  totalCents,
  trackingUrl,
} from "./delivery-labels.ts";

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
