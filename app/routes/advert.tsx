import { Link } from "react-router";
import { appContext } from "#app-context";
import { BATTERY_REPORT_TOOLS } from "../../schemas/battery-labels.ts";
import type { AdvertDetail } from "../../schemas/catalogue.ts";
import { CHECKLIST_LABELS, CONDITION_DEFINITIONS } from "../../schemas/condition-labels.ts";
import { deliveryLabel } from "../../schemas/delivery-labels.ts";
import { CATALOGUE_MESSAGES } from "../../schemas/messages.ts";
import { formatPrice } from "../../schemas/money.ts";
import { idFromPath } from "../../schemas/params.ts";
import { badgeBasis, worthMessage } from "../../schemas/price-labels.ts";
import { IN_HAND } from "../../schemas/proof-labels.ts";
import { canBuy } from "../../schemas/roles.ts";
import { searchUrlEntries } from "../../schemas/search-url.ts";
import { batteryVerifiedText, reportDayText } from "../../schemas/spec-line.ts";
import { type Condition, storageSize } from "../../schemas/values.ts";
import { EmailConfirmedMark, InHandBadge, TierBadge, VerifiedMark } from "../components/advert-card.tsx";
import { BookingAction } from "../components/booking.tsx";
import { DrawnChart } from "../components/drawn-chart.tsx";
import { FavouriteButton } from "../components/favourite-button.tsx";
import { PhotoGallery } from "../components/photo-gallery.tsx";
import { PriceBadge } from "../components/price-badge.tsx";
import { ReportButton } from "../components/report-button.tsx";
import { errorTitle, RouteError } from "../components/route-error.tsx";
import { SellerRating } from "../components/seller-rating.tsx";
import { TrustPanel } from "../components/trust-panel.tsx";
import { catalogueFor } from "../lib/catalogue.server.ts";
import { heartsFor } from "../lib/favourites.server.ts";
import { notFound } from "../lib/not-found.server.ts";
import { categoryPath, laptopPath, myProductsPath } from "../lib/paths.ts";
import { chartMarkup } from "../lib/sales-chart.server.tsx";
import { getUser } from "../lib/session.server.ts";
import type { Route } from "./+types/advert";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services, publicUrl, forEveryone, keepFromOthers, notFor } = context.get(appContext);
  // A held or rejected laptop is its seller's and the admins' to see: the session is asked for then.
  const id = idFromPath(params.id);
  const advert = id && (await catalogueFor(request, context).getAdvert(id, () => getUser(request, context)));
  if (!advert) throw notFound(CATALOGUE_MESSAGES.laptopNotFound);
  const user = await getUser(request, context);
  // Rendered for every signed-in reader of its kind (decision 10): whether they booked it is filled in once the
  // page has loaded. A held laptop is its seller's or an admin's alone: theirs, never kept. Nor is its seller's
  // own page, with nothing to book and theirs to manage: rendered for them, and the kept one never served them.
  const sellers = user?.id === advert.sellerId;
  if (forEveryone && (advert.review || sellers)) keepFromOthers();
  else if (forEveryone) notFor(advert.sellerId);
  const person = forEveryone && !advert.review && !sellers ? null : user;
  const [booked, hearts, trust, replies] = await Promise.all([
    person ? services.orders.bookedAmong(person, [advert.id]).then((ids) => ids.length > 0) : false,
    heartsFor(request, context, [advert.id]),
    services.reviews.trust(advert.sellerId),
    services.conversations.typicalReplyTime(advert.sellerId),
  ]);
  return {
    // The sales behind the guidance travel drawn, as the chart: the page's data keeps only the guidance.
    advert: { ...advert, worth: advert.worth && { guidance: advert.worth.guidance } },
    trust,
    // Nothing until the seller has answered someone: no reply time is not a slow one.
    typicalReplyMinutes: replies.medianMs === null ? undefined : Math.max(1, Math.round(replies.medianMs / 60_000)),
    publicUrl,
    chart: advert.worth && chartMarkup(request, advert.worth),
    // The grade's definition and the checklist's words, as text: the page's script imports no labels for them.
    conditionDefinition: CONDITION_DEFINITIONS[advert.condition as Condition] ?? null,
    checklist: advert.checklist.map((item) => CHECKLIST_LABELS[item]),
    booked,
    hearts,
    own: person?.id === advert.sellerId,
    myProducts: person?.id === advert.sellerId ? myProductsPath(person.email) : null,
    // Reporting is for the people who buy (core/moderation refuses admins: they remove adverts directly).
    canReport: Boolean(user && canBuy(user)),
    // Visitors too: the link takes them to the login page and back (core/conversations refuses admins).
    canMessage: !user || canBuy(user),
  };
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) return [{ title: errorTitle(error) }];
  const { advert: a, publicUrl } = loaderData;
  const url = `${publicUrl}${laptopPath(a.id)}`;
  const description = `${a.brandName} laptop in ${a.condition} condition, ${a.yearsOfUse} year(s) used, ${formatPrice(a.resalePriceCents)} in ${a.location}.`;
  return [
    { title: `${a.name} — ${formatPrice(a.resalePriceCents)} — ReLaptop` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: a.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    // Absolute: a photo's address is a path here, or a CDN's address with MEDIA_PUBLIC_URL.
    { property: "og:image", content: new URL(a.photoUrls[0] ?? "", publicUrl).href },
    { name: "twitter:card", content: "summary_large_image" },
    // A sold laptop's page stays for its buyer and seller, but leaves search engines (a held one never enters).
    ...(a.sold || a.review ? [{ name: "robots", content: "noindex" }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        name: a.name,
        description: a.description,
        image: a.photoUrls.map((p) => new URL(p, publicUrl).href),
        brand: { "@type": "Brand", name: a.brandName },
        offers: {
          "@type": "Offer",
          url,
          price: (a.resalePriceCents / 100).toFixed(2),
          priceCurrency: "USD",
          itemCondition: "https://schema.org/UsedCondition",
          availability: a.sold ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
          seller: { "@type": "Person", name: a.sellerName },
        },
      },
    },
  ];
}

export default function AdvertPage({
  loaderData: {
    advert: a,
    chart,
    conditionDefinition,
    checklist,
    trust,
    typicalReplyMinutes,
    booked,
    hearts,
    own,
    myProducts,
    canReport,
    canMessage,
  },
}: Route.ComponentProps) {
  // A visitor or a buyer, on a laptop still on sale to them: on a phone, Book Now and Message seller stay in a
  // bar at the bottom of the screen (the seller and admins have neither; a held laptop has no buying buttons).
  const buyBar = !a.review && !own && canMessage;
  // A held or rejected laptop (its seller's or an admin's view) is not available, whatever its price says.
  const badge = a.sold
    ? { label: "Sold", tone: "badge-neutral" }
    : a.review?.status === "pending_review"
      ? { label: "Pending review", tone: "badge-warning" }
      : a.review
        ? { label: "Rejected", tone: "badge-error" }
        : { label: "Available", tone: "badge-success" };
  const specs: [string, React.ReactNode][] = [
    [
      "Processor",
      a.processor && (
        <span className="flex flex-wrap items-center gap-2">
          {a.processor} <TierBadge tier={a.performanceTier} />
        </span>
      ),
    ],
    ["RAM", a.ramGb ? `${a.ramGb} GB` : null],
    ["Storage", a.storageGb ? `${storageSize(a.storageGb)}${a.storageType ? ` ${a.storageType}` : ""}` : null],
    ["Screen", a.screenInches ? `${a.screenInches}″` : null],
    // A battery report's figures replace the seller's typed health (schemas/spec-line.ts).
    a.batteryVerified !== null
      ? ["Battery", <BatteryVerified key="battery" advert={a} />]
      : ["Battery health", a.batteryHealth !== null ? `${a.batteryHealth}%` : null],
  ];
  return (
    <article className="mx-auto grid max-w-7xl gap-8 px-4 py-6 md:grid-cols-2">
      <PhotoGallery name={a.name} photos={a.photoUrls} />
      <div className="flex flex-col gap-4">
        <p className="text-sm">
          <Link to={categoryPath(a.brandId)} className="link">
            {a.brandName}
          </Link>
        </p>
        <div className="flex items-start justify-between gap-3">
          <h1 className="text-3xl font-bold">{a.name}</h1>
          {!own && <FavouriteButton advertId={a.id} hearts={hearts} />}
        </div>
        <p className="flex items-baseline gap-3">
          <span className="text-3xl font-bold text-primary">{formatPrice(a.resalePriceCents)}</span>
          <span className="line-through">{formatPrice(a.originalPriceCents)}</span>
          <span className={`badge ${badge.tone}`}>{badge.label}</span>
        </p>
        {a.priceBasis && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <PriceBadge badge={a.priceBadge} /> {badgeBasis(a.priceBasis.count, a.priceBasis.source)}
          </p>
        )}
        {a.worth && (
          <details className="text-sm">
            <summary className="min-h-6 cursor-pointer">{worthMessage(a.worth.guidance)}</summary>
            {chart && <DrawnChart markup={chart} className="pt-2" />}
          </details>
        )}
        {/* minmax(0, 1fr): a long value wraps in its column instead of widening the page past a phone's. */}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1">
          <dt className="font-medium">Condition</dt>
          <dd>
            {a.condition}
            {conditionDefinition && <span className="block text-sm">{conditionDefinition}</span>}
          </dd>
          <dt className="font-medium">Used</dt>
          <dd>
            {a.yearsOfUse} year{a.yearsOfUse === 1 ? "" : "s"}
          </dd>
          <dt className="font-medium">Location</dt>
          <dd>{a.location}</dd>
          <dt className="font-medium">Delivery</dt>
          <dd>{deliveryLabel(a.shippingCents)}</dd>
          <dt className="font-medium">Seller</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <Link to={`/sellers/${a.sellerId}`} className="link">
              {a.sellerName}
            </Link>{" "}
            <SellerRating rating={a.sellerRating} />
            {a.sellerVerified && <VerifiedMark />}
            {a.sellerEmailConfirmed && <EmailConfirmedMark />}
          </dd>
          {a.inHand && (
            <>
              <dt className="font-medium">
                <InHandBadge />
              </dt>
              <dd>{IN_HAND.title}.</dd>
            </>
          )}
          {specs
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-medium">{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
        </dl>
        {checklist.length > 0 && (
          <section aria-labelledby="seller-checklist">
            <h2 id="seller-checklist" className="mb-1 font-semibold">
              What the seller says is true
            </h2>
            <ul className="list-inside list-disc">
              {checklist.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        )}
        <section>
          <h2 className="mb-1 font-semibold">Description</h2>
          <p className="whitespace-pre-line">{a.description}</p>
        </section>
        {a.review ? (
          <ReviewNotice review={a.review} myProducts={myProducts} />
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            {/* On a phone the bar at the bottom of the screen, its price beside the buttons (the page's own price
                is a screen away); from md up its box goes (display: contents) and the buttons sit here in line. */}
            <div
              data-buy-bar={buyBar || undefined}
              className={
                buyBar
                  ? "fixed inset-x-0 bottom-0 z-30 flex items-center gap-2 border-t border-base-300 bg-base-100 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:contents"
                  : "contents"
              }
            >
              {buyBar && (
                <span className="mr-auto text-xl font-bold text-primary md:hidden">
                  {formatPrice(a.resalePriceCents)}
                </span>
              )}
              <BookingAction advert={a} booked={booked} sellerIsViewer={own} />
              {canMessage && !own && (
                <Link to={`/dashboard/messages/new?advert=${a.id}`} className="btn btn-outline btn-sm">
                  Message seller
                </Link>
              )}
            </div>
            {canReport && !own && <ReportButton advertId={a.id} name={a.name} />}
          </div>
        )}
        {a.sold && !own && (
          <p>
            <Link to={laptopsLike(a)} className="link link-primary">
              Laptops like this one for sale
            </Link>
          </p>
        )}
        <p className="text-sm text-base-content/70">
          {/* Delivery only where the seller ships it (the Delivery row above says how). */}
          {a.shippingCents === null ? "" : "Delivery and "}
          <Link to="/buyer-protection" className="link">
            100% buyer protection
          </Link>{" "}
          on every order.
        </p>
        {trust && <TrustPanel sellerId={a.sellerId} trust={trust} typicalReplyMinutes={typicalReplyMinutes} />}
      </div>
    </article>
  );
}

/**
 * For a sold laptop (its savers arrive here from "Sold: …"): the catalogue's laptops of its brand with at
 * least its memory and storage.
 */
function laptopsLike(a: Pick<AdvertDetail, "brandId" | "ramGb" | "storageGb">) {
  const like = { brand: a.brandId, minRam: a.ramGb ?? undefined, minStorage: a.storageGb ?? undefined };
  return `/allAdd?${new URLSearchParams(searchUrlEntries({ ...like, sort: "newest" }))}`;
}

/** Why a laptop only its seller and admins can see is not in the catalogue, where the buying buttons would be. */
function ReviewNotice({
  review,
  myProducts,
}: {
  review: NonNullable<AdvertDetail["review"]>;
  myProducts: string | null;
}) {
  return (
    <div role="status" className="alert alert-warning flex flex-col items-start">
      {review.status === "pending_review" ? (
        <>
          <p className="font-semibold">Pending review</p>
          <p>
            An admin checks this advert before buyers can see it. Only {myProducts ? "you" : "its seller"} and the
            admins can open this page.
          </p>
        </>
      ) : (
        <>
          <p className="font-semibold">Rejected</p>
          <p>An admin rejected this advert{review.reason ? `: ${review.reason}` : "."} Buyers cannot see it.</p>
        </>
      )}
      {myProducts && (
        <Link to={myProducts} className="link">
          See it in My Products
        </Link>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;

/**
 * "Battery verified: 87 % · 312 cycles, report of 3 Dec 2026", and which tool wrote it and for which machine.
 * The model is the report's text: rendered as text (React escapes it), never as markup.
 */
function BatteryVerified({
  advert: a,
}: {
  advert: Pick<AdvertDetail, "batteryVerified" | "batteryCycles" | "batteryReport">;
}) {
  const report = a.batteryReport;
  return (
    <span>
      {batteryVerifiedText(a.batteryVerified ?? 0, a.batteryCycles)}
      {report && (
        <>
          {report.dated
            ? `, report of ${reportDayText(report.reportedAt)}`
            : `, report uploaded ${reportDayText(report.reportedAt)}`}
          <span className="block text-sm text-base-content/70">
            From the laptop's own {BATTERY_REPORT_TOOLS[report.format]}
            {report.model ? ` (${report.model})` : ""}
          </span>
        </>
      )}
    </span>
  );
}
