import { useState } from "react";
import { describeFee, type FeeRule, sellerReceives } from "../../schemas/fees.ts";
import { dollarsToCents, formatPrice } from "../../schemas/money.ts";

/**
 * An amount as the advert form reads it ("450", "449.99", "1,200", "$15") in cents, or null while it is not one:
 * the same reading as the server's (schemas/money.ts), so the note never works out a price the form refuses.
 * The server's messages (schemas/catalogue.ts) say what is wrong.
 */
export function typedCents(typed: FormDataEntryValue | string | null | undefined): number | null {
  return dollarsToCents(String(typed ?? ""));
}

interface Typed {
  resalePrice?: string;
  ships?: boolean;
  shippingPrice?: string;
}

/** The price and (when the laptop ships) shipping as typed now: what the buyer would pay. */
function chargeOf(typed: Typed): { cents: number; withShipping: boolean } | null {
  const price = typedCents(typed.resalePrice);
  if (price === null || price <= 0) return null;
  const shipping = typed.ships ? typedCents(typed.shippingPrice) : 0;
  return { cents: price + (shipping ?? 0), withShipping: Boolean(typed.ships && shipping) };
}

/**
 * "You receive $475 (ReLaptop's fee: 5%)" under the advert form's price, worked out in the browser as the seller
 * types, with the fee rule in force (the loader's `platformFee()`); the server draws it with the advert's values.
 */
export function useSellerReceives(initial: Typed | undefined) {
  const [typed, setTyped] = useState<Typed>(initial ?? {});
  return {
    typed,
    /** The form's onChange: the price, the shipping box and the shipping price as they are now. */
    onChange(event: React.FormEvent<HTMLFormElement>) {
      const form = new FormData(event.currentTarget);
      setTyped({
        resalePrice: String(form.get("resalePrice") ?? ""),
        ships: form.get("ships") === "true",
        shippingPrice: String(form.get("shippingPrice") ?? ""),
      });
    },
  };
}

/** Always in the page (so screen readers hear it change), read politely. */
export function SellerReceivesNote({ typed, rule }: { typed: Typed; rule: FeeRule }) {
  const charge = chargeOf(typed);
  const fee = `(ReLaptop’s fee: ${describeFee(rule)})`;
  return (
    <p aria-live="polite" className="text-sm md:col-span-2">
      {charge ? (
        <>
          <span className="font-semibold">{`You receive ${formatPrice(sellerReceives(charge.cents, rule))}`}</span>
          {charge.withShipping ? ` of ${formatPrice(charge.cents)} with shipping ${fee}` : ` ${fee}`}
        </>
      ) : (
        `Type a resale price to see what you receive ${fee}.`
      )}
    </p>
  );
}
