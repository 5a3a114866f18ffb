import { describe, expect, it } from "vitest";
import { KINDS } from "../../core/notifications/index.ts";
import { priceChangeText } from "../../schemas/favourites.ts";
import { formatPrice } from "../../schemas/money.ts";

describe("the price change since it was saved", () => {
  it.each([
    [-4_000, "↓ $40 since you saved it"],
    [2_550, "↑ $25.50 since you saved it"],
    [0, null],
    [null, null],
  ])("%s cents reads %s", (change, text) => {
    expect(priceChangeText(change, formatPrice)).toBe(text);
  });
});

describe("the price-drop notice", () => {
  const p = { advertId: "a1", productName: "ThinkPad T14", fromCents: 50_000, toCents: 46_050 };
  const to = { id: "u1", name: "Bea", email: "bea@x.test" };
  it("says the new price, by how much and from what, and links to the laptop", () => {
    expect(KINDS["favourite.priceDrop"].inApp?.(p, to)).toEqual({
      title: "Price drop: ThinkPad T14",
      body: "Now $460.50, down $39.50 from $500.",
      link: "/laptops/a1",
    });
    const mail = KINDS["favourite.priceDrop"].mail?.(p, to);
    expect(mail?.subject).toBe("Price drop: ThinkPad T14 is now $460.50");
    expect(mail?.action).toEqual({ label: "See the laptop", href: "/laptops/a1" });
  });
  it("is an email people may turn off", () => {
    expect(KINDS["favourite.priceDrop"].email).toBe("optional");
  });
});
