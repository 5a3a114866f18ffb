import { lazy } from "react";
import { Link } from "react-router";
import type { AdvertCard } from "../../core/catalogue/index.ts";
import { canBuy } from "../../schemas/roles.ts";
import { laptopPath, loginPath } from "../lib/paths.ts";
import { useFocusLanding } from "../lib/use-focus-landing.ts";
import { useFilledSummary } from "../lib/use-personal-data.ts";
import { useRootData } from "../root.tsx";
import { LazyFormDialogButton } from "./dialog.tsx";

/**
 * The booking form and its checks (zod and the shared schemas: ~25 KB of gzip) load when someone is about to
 * book — pointing at or focusing Book Now — not with the laptop's page, which visitors mostly only read.
 */
const loadBookingForm = () => import("../routes/book.tsx").then((m) => ({ default: m.BookingForm }));
const BookingForm = lazy(loadBookingForm);

/**
 * What a laptop offers this visitor: Book Now (its modal holds the form beside its action, routes/book.tsx),
 * Booked, or nothing (their own laptop, an admin, sold).
 */
export function BookingAction({
  advert,
  booked: bookedAsRendered,
  sellerIsViewer,
}: {
  advert: Pick<AdvertCard, "id" | "name" | "resalePriceCents" | "shippingCents" | "sold">;
  /** As the page's data says: on a page kept for every reader of its kind (decision 10), false until filled in. */
  booked: boolean;
  sellerIsViewer?: boolean;
}) {
  const rendered = useRootData()?.user;
  // On a kept page the person's part arrives once loaded: their name and email for the form, their bookings.
  const filled = useFilledSummary();
  const user = rendered && filled ? { ...rendered, name: filled.name, email: filled.email } : rendered;
  const booked = bookedAsRendered || Boolean(filled?.booked.includes(advert.id));
  // Book Now (and its dialog) goes once booked: the new status takes the focus it held. Learning of a booking as
  // the page loads moves no focus; the person's own booking, read again with the page's data, does.
  const bookedMark = useFocusLanding<HTMLSpanElement>(bookedAsRendered);
  if (advert.sold) return <span className="badge badge-neutral">Sold</span>;
  if (booked) {
    return (
      <span ref={bookedMark} className="badge badge-info badge-lg">
        Booked
      </span>
    );
  }
  if (!user) {
    return (
      // Back to this laptop afterwards, told why: "Log in to book Dell XPS 13 9315".
      <Link to={loginPath(laptopPath(advert.id), { kind: "book", id: advert.id })} className="btn btn-primary btn-sm">
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
  advert: Pick<AdvertCard, "id" | "name" | "resalePriceCents" | "shippingCents">;
  user: { name: string; email: string };
}) {
  return (
    <LazyFormDialogButton
      label="Book Now"
      className="btn btn-primary btn-sm"
      title={`Book ${advert.name}`}
      preload={loadBookingForm}
    >
      {(close) => <BookingForm advert={advert} buyer={user} onCancel={close} onBooked={close} />}
    </LazyFormDialogButton>
  );
}
