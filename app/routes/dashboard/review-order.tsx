import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { appContext } from "#app-context";
import { isAppError } from "../../../core/errors.ts";
import { orderNotFound } from "../../../core/orders/index.ts";
import { idFromPath } from "../../../schemas/params.ts";
import { REVIEW_EDIT_DAYS, reviewFormSchema, STARS, starLabel } from "../../../schemas/reviews.ts";
import { checkedForm, FormError, TextAreaField } from "../../components/form-field.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { appErrorData, parseForm } from "../../lib/forms.server.ts";
import { notFound } from "../../lib/not-found.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { useTypedValue } from "../../lib/typed-values.ts";
import { useValidatedForm } from "../../lib/use-validated-form.ts";
import type { Route } from "./+types/review-order";

const MY_ORDERS = "/dashboard/my/orders";

/** Only the buyer of a received order gets here; anyone else goes back to My Orders, told why. */
/** The order's id from the page's path: one that cannot be an id names no order (404). */
function orderIdOf(params: Route.LoaderArgs["params"]) {
  const id = idFromPath(params.orderId);
  if (!id) throw notFound(orderNotFound().message);
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const orderId = orderIdOf(params);
  try {
    return await context.get(appContext).services.reviews.draft(user, orderId);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw notFound(error.message);
    if (isAppError(error)) throw await redirectWithToast(context, MY_ORDERS, { type: "error", message: error.message });
    throw error;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const orderId = orderIdOf(params);
  const parsed = await parseForm(request, reviewFormSchema);
  if (parsed.error) return parsed.error;
  const { reviews } = context.get(appContext).services;
  try {
    const { review } = await reviews.draft(user, orderId);
    if (review) await reviews.edit(user, review.id, parsed.value);
    else await reviews.write(user, orderId, parsed.value);
  } catch (error) {
    return appErrorData(error, parsed.form);
  }
  return redirectWithToast(context, MY_ORDERS, { type: "success", message: "Thank you: your review is published." });
}

export const meta = () => [{ title: "Write a review — ReLaptop" }];

export default function ReviewOrder({ loaderData: { order, review }, actionData }: Route.ComponentProps) {
  const form = useValidatedForm(reviewFormSchema, actionData);
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  // Refused without JavaScript, the page is drawn anew with the stars chosen (the review's text takes its own).
  const rating = useTypedValue("rating") ?? (review ? String(review.rating) : "");
  // Errors move focus to the first field that has one, so a screen reader hears it at once.
  useEffect(() => {
    if (Object.keys(form.errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form.errors]);
  const ratingError = form.errors.rating;
  return (
    <section className="max-w-xl">
      <h1 className="mb-1 text-3xl font-bold">{review ? "Edit your review" : "Write a review"}</h1>
      <p className="mb-4 text-base-content/70">
        How was buying {order.productName} from {order.sellerName}? Your review is public, with your first name.
        {review && (
          <>
            {" "}
            You can change it until <LocalTime iso={review.editableUntil} />.
          </>
        )}
        {!review && ` You can change it for ${REVIEW_EDIT_DAYS} days.`}
      </p>
      <Form ref={formRef} {...checkedForm(form)} className="flex flex-col gap-4">
        <FormError message={form.formError} />
        <div
          role="radiogroup"
          aria-labelledby="rating-label"
          aria-invalid={ratingError ? true : undefined}
          aria-describedby={ratingError ? "rating-error" : undefined}
          tabIndex={-1}
        >
          <p id="rating-label" className="mb-1 text-sm font-medium">
            Rating
          </p>
          <div className="flex flex-wrap gap-3">
            {STARS.map((n) => (
              <label key={n} className="flex min-h-6 cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  defaultChecked={rating === String(n)}
                  className="radio radio-sm"
                />
                {starLabel(n)}
              </label>
            ))}
          </div>
          {ratingError && (
            <p id="rating-error" className="mt-1 text-sm text-error">
              {ratingError}
            </p>
          )}
        </div>
        <TextAreaField label="Your review" name="body" defaultValue={review?.body} error={form.errors.body} />
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={navigation.state !== "idle"}>
            {review ? "Save my review" : "Publish my review"}
          </button>
          <Link to={MY_ORDERS} className="btn btn-ghost">
            Back to My Orders
          </Link>
        </div>
      </Form>
    </section>
  );
}

export const ErrorBoundary = RouteError;
