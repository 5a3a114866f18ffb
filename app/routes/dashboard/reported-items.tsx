import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { AppError, isAppError } from "../../../core/errors.ts";
import { removalSchema } from "../../../schemas/moderation.ts";
import { MODERATION_EVENT } from "../../../schemas/notification-labels.ts";
import { AdvertRow } from "../../components/advert-row.tsx";
import { HeldAdvertRow } from "../../components/held-advert-row.tsx";
import { Pager } from "../../components/pager.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { ReportedReviewRow } from "../../components/reported-review-row.tsx";
import { type ActionErrors, appErrorData, validateForm } from "../../lib/forms.server.ts";
import { useLiveEvent } from "../../lib/live-events.ts";
import { notFound } from "../../lib/not-found.server.ts";
import { reviewAction } from "../../lib/review-moderation.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast } from "../../lib/toast.server.ts";
import { mainHeading, useListFocus } from "../../lib/use-focus-landing.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useLiveRefresh } from "../../lib/use-live-refresh.ts";
import type { Route } from "./+types/reported-items";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, "admin");
  const { moderation, reviews, conversations } = context.get(appContext).services;
  const { reports, heldAdverts } = moderation;
  const reviewReports = reviews.reports;
  // Each list has its own page: its cursor in its own parameter, so paging one keeps the others where they are.
  const query = new URL(request.url).searchParams;
  const at = (name: string) => query.get(name) ?? undefined;
  try {
    const [reported, reportedReviews, reportedConversations, held] = await Promise.all([
      reports.openByAdvert(admin, { cursor: at("advertsCursor") }),
      reviewReports.open(admin, { cursor: at("reviewsCursor") }),
      conversations.reported(admin, { cursor: at("conversationsCursor") }),
      heldAdverts.queue(admin, at("held")),
    ]);
    return {
      groups: reported.groups,
      reviews: reportedReviews.reviews,
      conversations: reportedConversations.conversations,
      next: { adverts: reported.next, reviews: reportedReviews.next, conversations: reportedConversations.next },
      held,
    };
  } catch (error) {
    // A cursor that is not one of ours names a page that does not exist.
    if (isAppError(error) && error.code === "VALIDATION_FAILED") throw notFound(error.message);
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, context, "admin");
  const form = await request.formData();
  if (form.get("reviewId") !== null) return reviewAction(context, admin, form);
  const parsed = validateForm(
    form,
    z.object({
      intent: z.enum(["dismiss", "remove", "dismiss-conversation", "approve", "reject"]),
      advertId: z.string().min(1).optional(),
      conversationId: z.uuid().optional(),
    }),
  );
  if (parsed.error) return parsed.error;
  const { moderation, conversations } = context.get(appContext).services;
  const { reports, heldAdverts } = moderation;
  try {
    if (parsed.value.intent === "dismiss-conversation") {
      await conversations.dismiss(admin, parsed.value.conversationId ?? "");
      return dataWithToast(context, { ok: true }, { type: "success", message: "Reports dismissed." });
    }
    if (!parsed.value.advertId) return appErrorData(new AppError("NOT_FOUND", "This laptop does not exist."));
    if (parsed.value.intent === "dismiss") {
      await reports.dismiss(admin, parsed.value.advertId);
      return dataWithToast(context, { ok: true }, { type: "success", message: "Reports dismissed." });
    }
    if (parsed.value.intent === "approve") {
      await heldAdverts.approve(admin, parsed.value.advertId);
      return dataWithToast(context, { ok: true }, { type: "success", message: "Approved: the advert is public." });
    }
    const removal = validateForm(parsed.form, removalSchema);
    if (removal.error) return removal.error;
    if (parsed.value.intent === "reject") {
      await heldAdverts.reject(admin, parsed.value.advertId, removal.value.reason);
      return dataWithToast(context, { ok: true }, { type: "success", message: "Rejected; its seller sees why." });
    }
    await reports.removeAdvert(admin, parsed.value.advertId, removal.value.reason);
    return dataWithToast(
      context,
      { ok: true },
      { type: "success", message: "The advert is removed; its seller sees why." },
    );
  } catch (error) {
    return appErrorData(error);
  }
}

export const meta = () => [{ title: "Reported Items — ReLaptop" }];

type Group = Route.ComponentProps["loaderData"]["groups"][number];

export default function ReportedItems({
  loaderData: { groups, reviews, conversations, next, held },
}: Route.ComponentProps) {
  const refresh = useLiveRefresh();
  // A new report, an advert held for review, another admin's decision (admins' streams only): read the
  // page again. Rows keep their keys, so an open dialog and what is typed in it stay as they are.
  useLiveEvent(MODERATION_EVENT, refresh);
  // A decided row goes: focus moves to the row now in its place (or the heading), not to the top of the page.
  const heldList = useListFocus<HTMLUListElement>(held.adverts.length, mainHeading);
  const groupList = useListFocus<HTMLUListElement>(groups.length, mainHeading);
  const reviewList = useListFocus<HTMLUListElement>(reviews.length, mainHeading);
  const conversationList = useListFocus<HTMLUListElement>(conversations.length, mainHeading);
  // "More" for the held adverts keeps the other lists' pages, as each list's pager does.
  const { search } = useLocation();
  const moreHeld = new URLSearchParams(search);
  if (held.next) moreHeld.set("held", held.next);
  const paged = ["advertsCursor", "reviewsCursor", "conversationsCursor"].some((p) => moreHeld.has(p));
  return (
    <section>
      <h1 className="mb-4 text-3xl font-bold">Reported Items</h1>
      {held.adverts.length > 0 && (
        <>
          <h2 className="mb-3 text-xl font-semibold">Held for review</h2>
          <ul ref={heldList.ref} onFocus={heldList.onFocus} className="mb-8 flex flex-col gap-3">
            {held.adverts.map((a) => (
              <HeldAdvertRow key={a.id} advert={a} />
            ))}
          </ul>
          {held.next && (
            <Link to={`?${moreHeld}`} className="btn btn-sm mb-8">
              More adverts held for review
            </Link>
          )}
        </>
      )}
      {groups.length === 0 && reviews.length === 0 && conversations.length === 0 ? (
        paged ? (
          // Pages past the first, emptied meanwhile: the first pages may still hold reports.
          <p>
            Nothing more on these pages.{" "}
            <Link to="/dashboard/reported-items" className="link link-primary">
              Back to the first pages
            </Link>
          </p>
        ) : (
          <p>No open reports. All clear.</p>
        )
      ) : (
        <ul ref={groupList.ref} onFocus={groupList.onFocus} className="flex flex-col gap-3">
          {groups.map((g) => (
            <ReportGroup key={g.advertId} group={g} />
          ))}
        </ul>
      )}
      <Pager nextCursor={next.adverts} param="advertsCursor" label="Pages of reported laptops" />
      {reviews.length > 0 && (
        <>
          <h2 className="mb-3 mt-8 text-xl font-semibold">Reported reviews</h2>
          <ul ref={reviewList.ref} onFocus={reviewList.onFocus} className="flex flex-col gap-3">
            {reviews.map((r) => (
              <ReportedReviewRow key={r.reviewId} review={r} />
            ))}
          </ul>
        </>
      )}
      <Pager nextCursor={next.reviews} param="reviewsCursor" label="Pages of reported reviews" />
      {conversations.length > 0 && (
        <>
          <h2 className="mt-6 mb-3 text-2xl font-bold">Reported conversations</h2>
          <ul ref={conversationList.ref} onFocus={conversationList.onFocus} className="flex flex-col gap-3">
            {conversations.map((c) => (
              <ReportedConversationRow key={c.id} conversation={c} />
            ))}
          </ul>
        </>
      )}
      <Pager nextCursor={next.conversations} param="conversationsCursor" label="Pages of reported conversations" />
    </section>
  );
}

/** A reported conversation: admins may read it from now on (never one that no one reported). */
function ReportedConversationRow({
  conversation: c,
}: {
  conversation: Route.ComponentProps["loaderData"]["conversations"][number];
}) {
  const fetcher = useFetcher<ActionErrors>();
  const hydrated = useHydrated();
  return (
    <li className="card border border-base-300">
      <div className="card-body gap-2 p-4">
        <h3 className="card-title text-lg">
          <Link to={`/dashboard/messages/${c.id}`} className="link-hover">
            {c.advertName}: {c.buyer.name} and {c.seller.name}
          </Link>
          <span className="badge badge-warning">
            {c.reports.length} report{c.reports.length === 1 ? "" : "s"}
          </span>
        </h3>
        <ul className="list-disc pl-5 text-sm">
          {c.reports.map((r) => (
            <li key={r.reporterName}>
              <strong>{r.reason}</strong>, reported by {r.reporterName}
            </li>
          ))}
        </ul>
        <div className="card-actions">
          <Link to={`/dashboard/messages/${c.id}`} className="btn btn-sm">
            Read the conversation
          </Link>
          <button
            type="button"
            className="btn btn-sm"
            disabled={fetcher.state !== "idle" || !hydrated}
            onClick={() => fetcher.submit({ intent: "dismiss-conversation", conversationId: c.id }, { method: "post" })}
          >
            Dismiss
          </button>
        </div>
      </div>
    </li>
  );
}

function ReportGroup({ group: g }: { group: Group }) {
  const fetcher = useFetcher<ActionErrors>();
  const hydrated = useHydrated();
  const [removing, setRemoving] = useState(false);
  const busy = fetcher.state !== "idle" || !hydrated;
  return (
    <AdvertRow
      imageUrl={g.imageUrl}
      title={
        <>
          <Link to={`/laptops/${g.advertId}`} className="link-hover">
            {g.name}
          </Link>
          <span className="badge badge-warning">
            {g.reports} report{g.reports === 1 ? "" : "s"}
          </span>
        </>
      }
      dialog={
        <ReasonDialog
          open={removing}
          onClose={() => setRemoving(false)}
          title={`Remove ${g.name}`}
          intent="remove"
          advertId={g.advertId}
          submitLabel="Remove advert"
          fetcher={fetcher}
        />
      }
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
      <div className="card-actions">
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={() => fetcher.submit({ intent: "dismiss", advertId: g.advertId }, { method: "post" })}
        >
          Dismiss
        </button>
        <button type="button" className="btn btn-sm btn-error" disabled={busy} onClick={() => setRemoving(true)}>
          Remove advert
        </button>
      </div>
    </AdvertRow>
  );
}
