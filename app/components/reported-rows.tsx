import { Link } from "react-router";
import {
  type ReportedAdvert,
  type ReportedConversation,
  type ReportedReview,
  removalSchema,
  reviewRemovalSchema,
} from "../../schemas/moderation.ts";
import { formatPrice } from "../../schemas/money.ts";
import { type HeldAdvert, REVIEW_SIGNALS, type SamePhoto } from "../../schemas/review-signals.ts";
import { LaptopLink } from "./laptop-link.tsx";
import { LaptopPhoto } from "./laptop-photo.tsx";
import { ReportCount, ReportedItemRow, type TakeDown } from "./reported-item-row.tsx";
import { Stars } from "./seller-rating.tsx";
import { SellerRecordLine } from "./seller-record.tsx";

/** What each kind of row on Reported Items shows and offers, in the one row (reported-item-row.tsx). */

/** Taking a laptop down, reported (Remove) or held (Reject): the reason its seller reads in My Products. */
function takeDownAdvert(name: string, intent: "remove" | "reject"): TakeDown {
  const verb = intent === "remove" ? "Remove" : "Reject";
  return {
    intent,
    label: intent === "remove" ? "Remove advert" : verb,
    dialogTitle: `${verb} ${name}`,
    reasonLabel: "Reason shown to the seller",
    submitLabel: `${verb} advert`,
    schema: removalSchema,
  };
}

/** An advert in the review queue: held (not public) or flagged (public), with every signal and its seller's record. */
export function HeldAdvertRow({ advert: a }: { advert: HeldAdvert }) {
  return (
    <ReportedItemRow
      target={{ advertId: a.id }}
      imageUrl={a.imageUrl}
      title={
        <>
          {/* Admins may open a held advert's page (nobody else can): the whole advert, before deciding. */}
          <LaptopLink id={a.id} name={a.name} className="link" />
          <span className={`badge ${a.held ? "badge-warning" : "badge-info"}`}>
            {a.held ? "Pending review" : "Flagged"}
          </span>
        </>
      }
      answer={{
        intent: "approve",
        label: "Approve",
        className: "btn-success",
        confirm: {
          title: `Approve ${a.name}?`,
          description: a.held
            ? "It becomes public at once, and saved searches hear of it."
            : "It stays public and leaves the review queue.",
        },
      }}
      takeDown={takeDownAdvert(a.name, "reject")}
    >
      <p className="text-sm">
        {formatPrice(a.resalePriceCents)} · Seller:{" "}
        <Link to={`/sellers/${a.sellerId}`} className="link">
          {a.sellerName}
        </Link>{" "}
        · {a.held ? "not public until approved" : "public, flagged for a look"}
      </p>
      <SellerRecordLine record={a.sellerRecord} />
      <ul className="list-disc pl-5 text-sm">
        {a.signals.map((s) => (
          <li key={s.kind}>
            <strong>{REVIEW_SIGNALS[s.kind].strength === "strong" ? "Strong" : "Weak"}:</strong> {s.detail}
            {s.sameAs?.map((other) => (
              <SamePhotos key={other.advertId} advert={a} other={other} />
            ))}
          </li>
        ))}
      </ul>
    </ReportedItemRow>
  );
}

/** A duplicate photo: this advert's picture beside the other advert's, each captioned with a link to its advert. */
function SamePhotos({ advert, other }: { advert: HeldAdvert; other: SamePhoto }) {
  const side = (src: string, id: string, name: string, by: string) => (
    <figure className="flex w-36 flex-col gap-1 sm:w-44">
      <LaptopPhoto
        src={src}
        alt={`Photo in ${name}`}
        width={176}
        className="aspect-[4/3] w-full rounded object-cover"
      />
      <figcaption className="text-xs">
        <LaptopLink id={id} name={name} className="link" /> by {by}
      </figcaption>
    </figure>
  );
  return (
    <section aria-label={`Same photo: ${advert.name} and ${other.advertName}`} className="my-2 flex gap-3">
      {side(other.ownPhotoUrl, advert.id, advert.name, advert.sellerName)}
      {side(other.photoUrl, other.advertId, other.advertName, other.sellerName)}
    </section>
  );
}

/** A reported laptop: what its reporters said; removing it tells its seller why. */
export function ReportedAdvertRow({ group: g }: { group: ReportedAdvert }) {
  return (
    <ReportedItemRow
      target={{ advertId: g.advertId }}
      imageUrl={g.imageUrl}
      title={
        <>
          <LaptopLink id={g.advertId} name={g.name} />
          <ReportCount count={g.reports} />
        </>
      }
      answer={{ intent: "dismiss", label: "Dismiss" }}
      takeDown={takeDownAdvert(g.name, "remove")}
    >
      <p className="text-sm">Seller: {g.sellerName}</p>
      <ul className="list-disc pl-5 text-sm">
        {g.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: reports have no order of their own here
          <li key={i}>
            <strong>{item.reason}</strong>
            {item.details && `: ${item.details}`}
          </li>
        ))}
      </ul>
    </ReportedItemRow>
  );
}

/** What it says, what reporters said; removing it tells its author why. */
export function ReportedReviewRow({ review: r }: { review: ReportedReview }) {
  return (
    <ReportedItemRow
      target={{ reviewId: r.reviewId }}
      title={
        <>
          <Stars rating={r.rating} /> by {r.authorName}, for {r.productName}, about{" "}
          <Link to={`/sellers/${r.sellerId}#reviews`} className="link">
            {r.sellerName}
          </Link>
          <ReportCount count={r.reports} />
        </>
      }
      answer={{ intent: "dismiss", label: "Dismiss" }}
      takeDown={{
        intent: "remove",
        label: "Remove review",
        dialogTitle: "Remove this review",
        reasonLabel: "Reason shown to its author",
        submitLabel: "Remove review",
        schema: reviewRemovalSchema,
      }}
    >
      <blockquote className="whitespace-pre-line border-l-4 border-base-300 pl-3">{r.body}</blockquote>
      {r.details.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {r.details.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reports have no order of their own here
            <li key={i}>{d}</li>
          ))}
        </ul>
      )}
    </ReportedItemRow>
  );
}

/** A reported conversation: admins may read it from now on (never one that no one reported). */
export function ReportedConversationRow({ conversation: c }: { conversation: ReportedConversation }) {
  const thread = `/dashboard/messages/${c.id}`;
  return (
    <ReportedItemRow
      target={{ conversationId: c.id }}
      title={
        <>
          <Link to={thread} className="link-hover">
            {c.advertName}: {c.buyer.name} and {c.seller.name}
          </Link>
          <ReportCount count={c.reports.length} />
        </>
      }
      links={
        <Link to={thread} className="btn btn-sm">
          Read the conversation
        </Link>
      }
      answer={{ intent: "dismiss", label: "Dismiss" }}
    >
      <ul className="list-disc pl-5 text-sm">
        {c.reports.map((r) => (
          <li key={r.reporterName}>
            <strong>{r.reason}</strong>, reported by {r.reporterName}
          </li>
        ))}
      </ul>
    </ReportedItemRow>
  );
}
