import { describe, expect, it } from "vitest";
import { deliveryLabel, shipSchema, trackingUrl } from "../../schemas/delivery.ts";
import { fieldErrors } from "../../schemas/form-errors.ts";
import { bookingFormSchema } from "../../schemas/orders.ts";

describe("tracking links", () => {
  it.each([
    [
      "USPS",
      "9400 1000 0000 0000 0000 00",
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000",
    ],
    ["UPS", "1Z999AA10123456784", "https://www.ups.com/track?tracknum=1Z999AA10123456784"],
    ["FedEx", "123456789012", "https://www.fedex.com/fedextrack/?trknbr=123456789012"],
    [
      "DHL",
      "1234567890",
      "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890",
    ],
    ["Royal Mail", "AB123456789GB", "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB"],
  ])("%s links to its tracking page with the number", (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it("knows a carrier however it is typed, and spells it our way", () => {
    expect(trackingUrl("royal  mail", "AB1")).toBe("https://www.royalmail.com/track-your-item#/tracking-results/AB1");
    expect(trackingUrl("fedex", "1")).toBe("https://www.fedex.com/fedextrack/?trknbr=1");
    expect(shipSchema.parse({ carrier: " Royalmail ", trackingNumber: "AB1" }).carrier).toBe("Royal Mail");
    expect(shipSchema.parse({ carrier: "Pathao", trackingNumber: "P-1" }).carrier).toBe("Pathao");
  });

  it("links nothing for a carrier it does not know", () => {
    expect(trackingUrl("Sundarban Courier", "SC 1")).toBeNull();
    expect(trackingUrl("UPS Freight", "1")).toBeNull();
  });

  it("takes tracking numbers of letters, digits, spaces and hyphens only: nothing that could leave the link", () => {
    for (const bad of ["1Z&x=1", "1Z/../", "<b>1Z</b>", "-1Z", "1Z#x"]) {
      expect(shipSchema.safeParse({ carrier: "UPS", trackingNumber: bad }).success, bad).toBe(false);
    }
  });
});

describe("delivery in a few words", () => {
  it("says what shipping costs, or that the seller only meets buyers", () => {
    expect(deliveryLabel(1_500)).toBe("Ships for $15");
    expect(deliveryLabel(1_250)).toBe("Ships for $12.50");
    expect(deliveryLabel(0)).toBe("Ships free");
    expect(deliveryLabel(null)).toBe("Meet in person only");
  });
});

describe("the booking form", () => {
  const form = { advertId: "a", phone: "01711223344" };
  const address = {
    "shippingAddress.name": "Bea",
    "shippingAddress.line1": "12 Road",
    "shippingAddress.line2": "",
    "shippingAddress.city": "Dhaka",
    "shippingAddress.postcode": "1213",
    "shippingAddress.country": "Bangladesh",
  };

  it("reads the address fields, named by path, into the address; a meeting ignores them", () => {
    expect(bookingFormSchema.parse({ ...form, delivery: "ship", ...address, meetingLocation: "" })).toEqual({
      ...form,
      delivery: "ship",
      shippingAddress: { name: "Bea", line1: "12 Road", city: "Dhaka", postcode: "1213", country: "Bangladesh" },
    });
    expect(bookingFormSchema.parse({ ...form, meetingLocation: "Gulshan", ...address })).toEqual({
      ...form,
      delivery: "meet",
      meetingLocation: "Gulshan",
    });
  });

  it("names a field to fix by the path its input carries", () => {
    const parsed = bookingFormSchema.safeParse({ ...form, delivery: "ship", ...address, "shippingAddress.city": " " });
    expect(parsed.success || fieldErrors(parsed.error)).toEqual({ "shippingAddress.city": "Enter the town or city" });
  });

  it("reads nothing but plain field names into the address", () => {
    const parsed = bookingFormSchema.safeParse({
      ...form,
      delivery: "ship",
      ...address,
      "shippingAddress.__proto__": "x",
      "shippingAddress.city.x": "y",
    });
    expect(parsed.success && parsed.data).toMatchObject({ shippingAddress: { city: "Dhaka" } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
