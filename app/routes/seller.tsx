import { Link } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { CATALOGUE_MESSAGES } from "../../schemas/messages.ts";
import { uuidParam } from "../../schemas/params.ts";
import { answerSchema } from "../../schemas/reviews.ts";
import { parseSearch } from "../../schemas/search.ts";
import { EmailConfirmedMark, VerifiedMark } from "../components/advert-card.tsx";
import { AdvertGrid } from "../components/advert-grid.tsx";
import { LocalTime } from "../components/local-time.tsx";
import { errorTitle, RouteError } from "../components/route-error.tsx";
import { SellerRating } from "../components/seller-rating.tsx";
import { RatingSummary, ReviewItem } from "../components/seller-reviews.tsx";
import { catalogueFor } from "../lib/catalogue.server.ts";
import { heartsFor } from "../lib/favourites.server.ts";
import { appErrorData, parseForm, refusalFor, validateForm } from "../lib/forms.server.ts";
import { notFound } from "../lib/not-found.server.ts";
import { getUser, requireUser } from "../lib/session.server.ts";
import { dataWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/seller";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { reviews } = context.get(appContext).services;
  const catalogue = catalogueFor(request, context);
  const url = new URL(request.url);
  const [seller, reviewPage, user] = await Promise.all([
    catalogue.getSellerProfile(params.id),
    reviews.sellerReviews(params.id, url.searchParams.get("reviewsAfter") ?? undefined),
    getUser(request, context),
  ]);
  if (!seller || !reviewPage) throw notFound(CATALOGUE_MESSAGES.sellerNotFound);
  const search = { ...parseSearch(url.searchParams), seller: seller.id, q: undefined, brand: undefined };
  const [page, ownReviews] = await Promise.all([
    catalogue.search(search),
    user
      ? reviews.writtenAmong(
          user,
          reviewPage.reviews.map((r) => r.id),
        )
      : Promise.resolve<string[]>([]),
  ]);
  return {
    seller,
    reviews: reviewPage,
    // A reviewer sees no "Report this review" under their own.
    ownReviews,
    page,
    hearts: await heartsFor(
      request,
      context,
      page.items.map((a) => a.id),
    ),
    // Only the seller answers; anyone signed in may report (the server checks both again).
    isSeller: user?.id === seller.id,
    signedIn: Boolean(user),
  };
}

/** A review's seller answers it; anyone signed in reports it. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = await parseForm(request, z.object({ intent: z.enum(["answer", "report"]), reviewId: uuidParam() }));
  if (parsed.error) return parsed.error;
  const { reviews } = context.get(appContext).services;
  const reviewReports = reviews.reports;
  try {
    if (parsed.value.intent === "report") {
      await reviewReports.report(user, parsed.value.reviewId);
      return { reported: true as const };
    }
    const answer = validateForm(parsed.form, answerSchema);
    if (answer.error) return refusalFor(parsed.value.reviewId, answer.error);
    await reviews.answer(user, parsed.value.reviewId, answer.value.answer);
    return dataWithToast(context, { ok: true }, { type: "success", message: "Your answer is published." });
  } catch (error) {
    return refusalFor(parsed.value.reviewId, appErrorData(error, parsed.form));
  }
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => [
  { title: loaderData ? `${loaderData.seller.name} — seller on ReLaptop` : errorTitle(error) },
  { name: "description", content: loaderData ? `Used laptops for sale by ${loaderData.seller.name} on ReLaptop.` : "" },
];

export default function SellerProfile({
  loaderData: { seller, page, hearts, reviews, isSeller, signedIn, ownReviews },
}: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        {seller.name} {seller.verified && <VerifiedMark />}
        {seller.emailConfirmed && <EmailConfirmedMark />}
      </h1>
      <p className="mb-6 mt-1 flex gap-3 text-base-content/70">
        Member since <LocalTime iso={seller.memberSince} part="month" /> <SellerRating rating={reviews.rating} />
      </p>
      <h2 className="mb-4 text-xl font-semibold">Laptops for sale</h2>
      <AdvertGrid page={page} hearts={hearts} empty={<p>No laptops for sale right now.</p>} />
      <section aria-labelledby="reviews" className="mt-10 flex max-w-3xl flex-col gap-4">
        <h2 id="reviews" className="text-xl font-semibold">
          Reviews
        </h2>
        <RatingSummary page={reviews} />
        <ul className="flex flex-col gap-4">
          {reviews.reviews.map((review) => (
            <ReviewItem
              key={review.id}
              review={review}
              canAnswer={isSeller}
              canReport={signedIn && !isSeller && !ownReviews.includes(review.id)}
            />
          ))}
        </ul>
        {reviews.nextCursor && (
          <Link
            to={`?reviewsAfter=${encodeURIComponent(reviews.nextCursor)}#reviews`}
            className="btn btn-outline btn-sm self-start"
          >
            Older reviews
          </Link>
        )}
      </section>
    </section>
  );
}

export const ErrorBoundary = RouteError;
