import { useEffect, useRef } from "react";
import { redirect, useFetcher } from "react-router";
import { appContext } from "#app-context";
import type { AdvertCard } from "../../core/catalogue/index.ts";
import { MESSAGES } from "../../schemas/messages.ts";
import { formatPrice } from "../../schemas/money.ts";
import { bookingSchema } from "../../schemas/orders.ts";
import { FormError, TextField } from "../components/form-field.tsx";
import { appErrorData, parseForm } from "../lib/forms.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { dataWithToast } from "../lib/toast.server.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import type { Route } from "./+types/book";

export const loader = () => redirect("/allAdd");

/** The booking modal posts here from any page that shows laptops. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = await parseForm(request, bookingSchema);
  if (parsed.error) return parsed.error;
  try {
    await context.get(appContext).services.orders.book(user, parsed.value);
  } catch (error) {
    return appErrorData(error);
  }
  return dataWithToast(context, { ok: true as const }, { type: "success", message: MESSAGES.toast.bookingConfirmed });
}

/**
 * The booking modal's form (spec §5): name, email and price prefilled and disabled, a meeting location and a
 * phone number. Once the booking is confirmed the form resets and `onBooked` closes the modal.
 */
export function BookingForm({
  advert,
  buyer,
  onCancel,
  onBooked,
}: {
  advert: Pick<AdvertCard, "id" | "resalePriceCents">;
  buyer: { name: string; email: string };
  onCancel: () => void;
  onBooked: () => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data;
  const booked = result !== undefined && "ok" in result;
  const form = useValidatedForm(bookingSchema, booked ? null : result);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && booked) {
      ref.current?.reset();
      onBooked();
    }
  }, [fetcher.state, booked, onBooked]);
  return (
    <fetcher.Form
      ref={ref}
      method="post"
      action="/book"
      noValidate
      onSubmit={form.onSubmit}
      className="flex flex-col gap-3"
    >
      <FormError message={form.formError} />
      <input type="hidden" name="advertId" value={advert.id} />
      <TextField label="Name" name="buyerName" value={buyer.name} disabled readOnly />
      <TextField label="Email" name="buyerEmail" value={buyer.email} disabled readOnly />
      <TextField label="Price" name="price" value={formatPrice(advert.resalePriceCents)} disabled readOnly />
      <TextField label="Meeting location" name="meetingLocation" error={form.errors.meetingLocation} />
      <TextField label="Phone Number" name="phone" type="tel" autoComplete="tel" error={form.errors.phone} />
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
