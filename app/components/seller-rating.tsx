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

/** Five stars filled as far as a rating goes (an average of 4.5: four and a half), with its words for screen readers. */
export function Stars({ rating }: { rating: number }) {
  const words = Number.isInteger(rating) ? String(rating) : rating.toFixed(1);
  return (
    <span className="relative inline-block whitespace-nowrap" role="img" aria-label={`${words} of 5 stars`}>
      <span className="text-base-content/30">★★★★★</span>
      <span
        className="absolute inset-y-0 left-0 overflow-hidden text-warning"
        style={{ width: `${(rating / 5) * 100}%` }}
      >
        ★★★★★
      </span>
    </span>
  );
}
