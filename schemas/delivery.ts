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
