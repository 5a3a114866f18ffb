import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { type ReportedReview, reviewRemovalSchema } from "../../schemas/reviews.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { Dialog } from "./dialog.tsx";
import { FormError, TextField } from "./form-field.tsx";
import { Stars } from "./seller-rating.tsx";

/** A reported review on Reported Items: what it says, what reporters said, Dismiss or Remove (with a reason). */
export function ReportedReviewRow({ review: r }: { review: ReportedReview }) {
  const fetcher = useFetcher<ActionErrors>();
  const hydrated = useHydrated();
  const [removing, setRemoving] = useState(false);
  const form = useValidatedForm(reviewRemovalSchema, fetcher.data);
  const busy = fetcher.state !== "idle" || !hydrated;
  return (
    <li className="card border border-base-300 p-4">
      <p className="flex flex-wrap items-center gap-2">
        <Stars rating={r.rating} /> by {r.authorName}, for {r.productName}, about{" "}
        <Link to={`/sellers/${r.sellerId}#reviews`} className="link">
          {r.sellerName}
        </Link>
        <span className="badge badge-warning">
          {r.reports} report{r.reports === 1 ? "" : "s"}
        </span>
      </p>
      <blockquote className="my-2 whitespace-pre-line border-l-4 border-base-300 pl-3">{r.body}</blockquote>
      {r.details.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {r.details.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reports have no order of their own here
            <li key={i}>{d}</li>
          ))}
        </ul>
      )}
      <FormError message={fetcher.data?.formError} />
      <div className="card-actions mt-2">
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={() => fetcher.submit({ intent: "dismiss", reviewId: r.reviewId }, { method: "post" })}
        >
          Dismiss
        </button>
        <button type="button" className="btn btn-sm btn-error" disabled={busy} onClick={() => setRemoving(true)}>
          Remove review
        </button>
      </div>
      <Dialog open={removing} onClose={() => setRemoving(false)} title="Remove this review">
        <fetcher.Form method="post" noValidate onSubmit={form.onSubmit} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="reviewId" value={r.reviewId} />
          <TextField label="Reason shown to its author" name="reason" error={form.errors.reason} />
          <div className="modal-action">
            <button type="button" className="btn" onClick={() => setRemoving(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-error" disabled={fetcher.state !== "idle"}>
              Remove review
            </button>
          </div>
        </fetcher.Form>
      </Dialog>
    </li>
  );
}
