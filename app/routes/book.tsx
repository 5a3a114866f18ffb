import { useCallback, useRef, useState } from "react";
import { redirect } from "react-router";
import { appContext } from "#app-context";
import type { AdvertCard } from "../../core/catalogue/index.ts";
import { AppError } from "../../core/errors.ts";
import { totalCents } from "../../schemas/delivery-labels.ts";
import { CATALOGUE_MESSAGES, MESSAGES } from "../../schemas/messages.ts";
import { formatPrice } from "../../schemas/money.ts";
import { bookingFormSchema } from "../../schemas/orders.ts";
import { idFromPath } from "../../schemas/params.ts";
import type { DeliveryMethod } from "../../schemas/values.ts";
import { checkedForm, FormError, TextField } from "../components/form-field.tsx";
import { saveInPlace } from "../lib/save-form.server.ts";
import { useInPlaceForm } from "../lib/use-in-place-form.ts";
import type { Route } from "./+types/book";

export const loader = () => redirect("/allAdd");

/** The booking modal posts here from any page that shows laptops. */
export const action = (args: Route.ActionArgs) =>
  saveInPlace(args, {
    schema: bookingFormSchema,
    save: (user, booking) => {
      if (!idFromPath(booking.advertId)) throw new AppError("NOT_FOUND", CATALOGUE_MESSAGES.laptopNotFound);
      return args.context.get(appContext).services.orders.book(user, booking);
    },
    message: MESSAGES.toast.bookingConfirmed,
  });

/**
 * The booking modal's form (spec §5): name, email and price prefilled and disabled, a meeting location and a
 * phone number — or, when the seller ships the laptop and the buyer asks for it, the address to ship it to,
 * with the total (price and shipping) they will pay. Once the booking is confirmed the form resets and
 * `onBooked` closes the modal.
 */
export function BookingForm({
  advert,
  buyer,
  onCancel,
  onBooked,
}: {
  advert: Pick<AdvertCard, "id" | "resalePriceCents" | "shippingCents">;
  buyer: { name: string; email: string };
  onCancel: () => void;
  onBooked: () => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const [delivery, setDelivery] = useState<DeliveryMethod>("meet");
  const booked = useCallback(() => {
    ref.current?.reset();
    setDelivery("meet");
    onBooked();
  }, [onBooked]);
  const { fetcher, form } = useInPlaceForm(bookingFormSchema, booked);
  return (
    <fetcher.Form ref={ref} action="/book" {...checkedForm(form)} className="flex flex-col gap-3">
      <FormError message={form.formError} />
      <input type="hidden" name="advertId" value={advert.id} />
      <TextField label="Name" name="buyerName" value={buyer.name} disabled readOnly />
      <TextField label="Email" name="buyerEmail" value={buyer.email} disabled readOnly />
      <TextField label="Price" name="price" value={formatPrice(advert.resalePriceCents)} disabled readOnly />
      {advert.shippingCents !== null && (
        <DeliveryChoice
          shippingCents={advert.shippingCents}
          value={delivery}
          onChange={setDelivery}
          error={form.errors.delivery}
        />
      )}
      {delivery === "ship" ? (
        <AddressFields name={buyer.name} errors={form.errors} />
      ) : (
        <TextField label="Meeting location" name="meetingLocation" error={form.errors.meetingLocation} />
      )}
      <TextField label="Phone Number" name="phone" type="tel" autoComplete="tel" error={form.errors.phone} />
      {delivery === "ship" && advert.shippingCents !== null && (
        <p>
          You pay{" "}
          <strong>
            {formatPrice(totalCents({ priceCents: advert.resalePriceCents, shippingCents: advert.shippingCents }))}
          </strong>
          : the laptop and its shipping.
        </p>
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
          Submit
        </button>
      </div>
    </fetcher.Form>
  );
}

/** "How do you want it?": offered when the seller ships the laptop; meeting them stays the default. */
function DeliveryChoice({
  shippingCents,
  value,
  onChange,
  error,
}: {
  shippingCents: number;
  value: DeliveryMethod;
  onChange: (delivery: DeliveryMethod) => void;
  error?: string;
}) {
  const choices: [DeliveryMethod, string][] = [
    ["meet", "Meet in person"],
    ["ship", `Ship to me (${shippingCents ? `${formatPrice(shippingCents)} shipping` : "free shipping"})`],
  ];
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? "delivery-error" : undefined}>
      <legend className="mb-1 text-sm font-medium">How do you want it?</legend>
      {choices.map(([choice, label]) => (
        <label key={choice} className="flex min-h-8 items-center gap-2">
          <input
            type="radio"
            name="delivery"
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
            className="radio radio-sm"
          />
          {label}
        </label>
      ))}
      {error && (
        <p id="delivery-error" className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Where to ship it: the usual postal fields, named by path as the booking's schema reads them. */
function AddressFields({ name, errors }: { name: string; errors: Record<string, string> }) {
  const field = (key: string) => ({ name: `shippingAddress.${key}`, error: errors[`shippingAddress.${key}`] });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Ship to</legend>
      <TextField label="Name on the parcel" defaultValue={name} autoComplete="name" {...field("name")} />
      <TextField label="Street address" autoComplete="address-line1" {...field("line1")} />
      <TextField label="Address line 2 (optional)" autoComplete="address-line2" {...field("line2")} />
      <TextField label="Town or city" autoComplete="address-level2" {...field("city")} />
      <TextField label="State or county (optional)" autoComplete="address-level1" {...field("region")} />
      <TextField label="Postcode or ZIP code" autoComplete="postal-code" {...field("postcode")} />
      <TextField label="Country" autoComplete="country-name" {...field("country")} />
    </fieldset>
  );
}
