import { formatRating, type RatingValue as Rating } from "../../schemas/rating-label.ts";

/** "★ 4.8 (23)" beside a seller's name; nothing for a seller without reviews. */
export function SellerRating({ rating }: { rating: Rating | null }) {
  if (!rating) return null;
  return (
    <span
      className="whitespace-nowrap text-sm font-medium"
      title={`Rated ${rating.average.toFixed(1)} of 5 stars in ${rating.count} review${rating.count === 1 ? "" : "s"}`}
    >
      {formatRating(rating)}
    </span>
  );
}

/** Filled and empty stars for a rating, with its words for screen readers. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-warning" role="img" aria-label={`${rating} of 5 stars`}>
      {"★".repeat(rating)}
      <span className="text-base-content/30">{"★".repeat(5 - rating)}</span>
    </span>
  );
}
