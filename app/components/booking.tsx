import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { AdvertCard } from "../../core/catalogue/index.ts";
import { bookingSchema } from "../../schemas/orders.ts";
import { canBuy } from "../../schemas/roles.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { formatPrice } from "../lib/money.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { useRootData } from "../root.tsx";
import { Dialog } from "./dialog.tsx";
import { FormError, TextField } from "./form-field.tsx";

/** What a laptop offers this visitor: Book Now, Booked, or nothing (their own laptop, an admin, sold). */
export function BookingAction({
  advert,
  booked,
  sellerIsViewer,
}: {
  advert: Pick<AdvertCard, "id" | "name" | "resalePriceCents" | "sold">;
  booked: boolean;
  sellerIsViewer?: boolean;
}) {
  const user = useRootData()?.user;
  if (advert.sold) return <span className="badge badge-neutral">Sold</span>;
  if (booked) return <span className="badge badge-info badge-lg">Booked</span>;
  if (!user) {
    return (
      <Link to={`/login?redirectTo=${encodeURIComponent(`/laptops/${advert.id}`)}`} className="btn btn-primary btn-sm">
        Book Now
      </Link>
    );
  }
  if (!canBuy(user) || sellerIsViewer) return null;
  return <BookNow advert={advert} user={user} />;
}

function BookNow({
  advert,
  user,
}: {
  advert: Pick<AdvertCard, "id" | "name" | "resalePriceCents">;
  user: { name: string; email: string };
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionErrors & { ok?: true }>();
  const form = useValidatedForm(bookingSchema, fetcher.data?.ok ? null : fetcher.data);
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      ref.current?.reset();
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <>
      <button type="button" className="btn btn-primary btn-sm" disabled={!hydrated} onClick={() => setOpen(true)}>
        Book Now
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Book ${advert.name}`}>
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
          <TextField label="Name" name="buyerName" value={user.name} disabled readOnly />
          <TextField label="Email" name="buyerEmail" value={user.email} disabled readOnly />
          <TextField label="Price" name="price" value={formatPrice(advert.resalePriceCents)} disabled readOnly />
          <TextField label="Meeting location" name="meetingLocation" error={form.errors.meetingLocation} />
          <TextField
            label="Phone Number"
            name="phone"
            type="tel"
            inputMode="numeric"
            pattern="[0-9]*"
            error={form.errors.phone}
          />
          <div className="modal-action">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
              Submit
            </button>
          </div>
        </fetcher.Form>
      </Dialog>
    </>
  );
}
