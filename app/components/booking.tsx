import { lazy } from "react";
import { Link } from "react-router";
import type { AdvertCard } from "../../core/catalogue/index.ts";
import { canBuy } from "../../schemas/roles.ts";
import { laptopPath, loginPath } from "../lib/paths.ts";
import { useFocusLanding } from "../lib/use-focus-landing.ts";
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
  booked,
  sellerIsViewer,
}: {
  advert: Pick<AdvertCard, "id" | "name" | "resalePriceCents" | "shippingCents" | "sold">;
  booked: boolean;
  sellerIsViewer?: boolean;
}) {
  const user = useRootData()?.user;
  // Book Now (and its dialog) goes once booked: the new status takes the focus it held.
  const bookedMark = useFocusLanding<HTMLSpanElement>(booked);
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
