import { Link } from "react-router";
import type { SellerTrust } from "../../schemas/reviews.ts";
import { LocalTime } from "./local-time.tsx";
import { SellerRating } from "./seller-rating.tsx";

/** "About 40 minutes", "About 3 hours": a typical reply time, rounded the way people say it. */
const replyTime = (minutes: number) =>
  minutes < 60
    ? `About ${Math.max(1, Math.round(minutes))} minute${Math.round(minutes) <= 1 ? "" : "s"}`
    : `About ${Math.round(minutes / 60)} hour${Math.round(minutes / 60) === 1 ? "" : "s"}`;

/**
 * What a buyer weighs before booking: is the seller verified, how long have they been here, how many
 * sales did they complete, how are they rated, how soon do they answer (`typicalReplyMinutes`, the median
 * over their conversations; not shown before they have answered anyone).
 */
export function TrustPanel({
  sellerId,
  trust,
  typicalReplyMinutes,
}: {
  sellerId: string;
  trust: SellerTrust;
  typicalReplyMinutes?: number;
}) {
  return (
    <section aria-labelledby="trust-heading" className="rounded-box border border-base-300 p-4">
      <h2 id="trust-heading" className="mb-2 font-semibold">
        About the seller
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Verified seller</dt>
        <dd>{trust.verified ? "Yes, checked by ReLaptop" : "Not yet"}</dd>
        <dt className="font-medium">Member since</dt>
        <dd>
          <LocalTime iso={trust.memberSince} part="month" />
        </dd>
        <dt className="font-medium">Completed sales</dt>
        <dd>{trust.completedSales}</dd>
        <dt className="font-medium">Rating</dt>
        <dd>
          {trust.rating ? (
            <Link to={`/sellers/${sellerId}#reviews`} className="link">
              <SellerRating rating={trust.rating} />
            </Link>
          ) : (
            "No reviews yet"
          )}
        </dd>
        {typicalReplyMinutes !== undefined && (
          <>
            <dt className="font-medium">Typical reply time</dt>
            <dd>{replyTime(typicalReplyMinutes)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
