import { useFetcher } from "react-router";
import { answerSchema, type ReviewView, type SellerReviews, starLabel } from "../../schemas/reviews.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { FormItem } from "../lib/typed-values.ts";
import { useFormAnswer } from "../lib/use-form-answer.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { checkedForm, FormError, TextAreaField } from "./form-field.tsx";
import { LaptopLink } from "./laptop-link.tsx";
import { LocalTime } from "./local-time.tsx";
import { Stars } from "./seller-rating.tsx";

/** The average, the count and how many reviews gave 5 down to 1 stars. */
export function RatingSummary({ page }: { page: SellerReviews }) {
  if (!page.rating) return <p>No reviews yet.</p>;
  const { average, count } = page.rating;
  return (
    <div className="flex flex-wrap items-start gap-8">
      <p className="flex flex-col">
        <span className="text-4xl font-bold">{average.toFixed(1)}</span>
        <Stars rating={average} />
        <span className="text-sm text-base-content/70">
          {count} review{count === 1 ? "" : "s"}
        </span>
      </p>
      <table className="text-sm">
        <caption className="sr-only">Reviews by stars</caption>
        <tbody>
          {page.histogram.map(({ stars, count: n }) => (
            <tr key={stars}>
              <th scope="row" className="pr-2 text-left font-normal">
                {starLabel(stars)}
              </th>
              <td className="w-40 pr-2">
                <progress className="progress progress-warning w-40" value={n} max={count} aria-hidden="true" />
              </td>
              <td>{n}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One review: stars, who and when, the laptop it was for, the text, and the seller's answer. */
export function ReviewItem({
  review,
  canAnswer,
  canReport,
}: {
  review: ReviewView;
  canAnswer: boolean;
  canReport: boolean;
}) {
  return (
    <li className="flex flex-col gap-2 border-b border-base-300 pb-4" id={`review-${review.id}`}>
      <p className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="font-medium">{review.authorName}</span>
        <span className="text-sm text-base-content/70">
          <LocalTime iso={review.createdAt} part="day" />
          {review.edited && " (edited)"}
        </span>
      </p>
      <p className="text-sm">
        For <LaptopLink id={review.advertId} name={review.productName} className="link" />
      </p>
      <p className="whitespace-pre-line">{review.body}</p>
      {review.answer && (
        <div className="ml-4 rounded-box bg-base-200 p-3 text-sm">
          <p className="font-medium">
            The seller answered on <LocalTime iso={review.answer.at} part="day" />:
          </p>
          <p className="whitespace-pre-line">{review.answer.text}</p>
        </div>
      )}
      {canAnswer && !review.answer && <AnswerForm reviewId={review.id} />}
      {canReport && <ReportReview reviewId={review.id} />}
    </li>
  );
}

function AnswerForm({ reviewId }: { reviewId: string }) {
  const fetcher = useFetcher<ActionErrors>();
  const form = useValidatedForm(answerSchema, useFormAnswer(fetcher, reviewId));
  return (
    <FormItem value={reviewId}>
      <fetcher.Form {...checkedForm(form)} className="ml-4 flex flex-col gap-2">
        <FormError message={form.formError} />
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <TextAreaField label="Your answer (public, once)" name="answer" error={form.errors.answer} />
        <button type="submit" className="btn btn-sm self-start" disabled={fetcher.state !== "idle"}>
          Answer
        </button>
      </fetcher.Form>
    </FormItem>
  );
}

function ReportReview({ reviewId }: { reviewId: string }) {
  const fetcher = useFetcher<ActionErrors & { reported?: true }>();
  const hydrated = useHydrated();
  if (fetcher.data?.reported) return <p className="text-sm">Thank you: an admin will look at this review.</p>;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <button type="submit" className="btn btn-ghost btn-xs min-h-6" disabled={!hydrated || fetcher.state !== "idle"}>
        Report this review
      </button>
      {fetcher.data?.formError && <span className="text-sm text-error">{fetcher.data.formError}</span>}
    </fetcher.Form>
  );
}
