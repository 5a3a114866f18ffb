import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { z } from "zod";
import { type AppContext, appContext } from "#app-context";
import type { SessionUser } from "../../../core/accounts/index.ts";
import { AppError } from "../../../core/errors.ts";
import { REPORTS_DISMISSED, removalSchema, reviewRemovalSchema } from "../../../schemas/moderation.ts";
import { MODERATION_EVENT } from "../../../schemas/notification-labels.ts";
import { Pager } from "../../components/pager.tsx";
import type { RowField } from "../../components/reported-item-row.tsx";
import {
  HeldAdvertRow,
  ReportedAdvertRow,
  ReportedConversationRow,
  ReportedReviewRow,
} from "../../components/reported-rows.tsx";
import { appErrorData, validateForm } from "../../lib/forms.server.ts";
import { pageOrNotFound } from "../../lib/keyset-page.server.ts";
import { useLiveEvent } from "../../lib/live-events.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast } from "../../lib/toast.server.ts";
import { mainHeading, useListFocus } from "../../lib/use-focus-landing.ts";
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
  const [reported, reportedReviews, reportedConversations, held] = await pageOrNotFound(() =>
    Promise.all([
      reports.openByAdvert(admin, { cursor: at("advertsCursor") }),
      reviewReports.open(admin, { cursor: at("reviewsCursor") }),
      conversations.reported(admin, { cursor: at("conversationsCursor") }),
      heldAdverts.queue(admin, at("held")),
    ]),
  );
  return {
    groups: reported.groups,
    reviews: reportedReviews.reviews,
    conversations: reportedConversations.conversations,
    next: { adverts: reported.next, reviews: reportedReviews.next, conversations: reportedConversations.next },
    held,
  };
}

/** What a row's buttons post: the answer, and the field naming the thing (its kind). */
const rowForm = z.object({
  intent: z.enum(["dismiss", "remove", "approve", "reject"]),
  advertId: z.uuid().optional(),
  reviewId: z.uuid().optional(),
  conversationId: z.uuid().optional(),
});
type Intent = z.infer<typeof rowForm>["intent"];
type Services = AppContext["services"];

/** An answer to one kind of thing: what it does, the reason it asks for first (if any), what the admin is told. */
interface Answer {
  run: (services: Services, admin: SessionUser, id: string, reason: string) => Promise<unknown>;
  reason?: typeof removalSchema;
  told: string;
}
const ANSWERS: Record<RowField, Partial<Record<Intent, Answer>>> = {
  advertId: {
    dismiss: { run: (s, admin, id) => s.moderation.reports.dismiss(admin, id), told: REPORTS_DISMISSED },
    remove: {
      run: (s, admin, id, reason) => s.moderation.reports.removeAdvert(admin, id, reason),
      reason: removalSchema,
      told: "The advert is removed; its seller sees why.",
    },
    approve: {
      run: (s, admin, id) => s.moderation.heldAdverts.approve(admin, id),
      told: "Approved: the advert is public.",
    },
    reject: {
      run: (s, admin, id, reason) => s.moderation.heldAdverts.reject(admin, id, reason),
      reason: removalSchema,
      told: "Rejected; its seller sees why.",
    },
  },
  reviewId: {
    dismiss: { run: (s, admin, id) => s.reviews.reports.dismiss(admin, id), told: REPORTS_DISMISSED },
    remove: {
      run: (s, admin, id, reason) => s.reviews.reports.remove(admin, id, reason),
      reason: reviewRemovalSchema,
      told: "The review is removed; its author sees why.",
    },
  },
  conversationId: {
    dismiss: { run: (s, admin, id) => s.conversations.dismiss(admin, id), told: REPORTS_DISMISSED },
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, context, "admin");
  const parsed = validateForm(await request.formData(), rowForm);
  if (parsed.error) return parsed.error;
  const field = (["reviewId", "conversationId", "advertId"] as const).find((f) => parsed.value[f]);
  const answer = field && ANSWERS[field][parsed.value.intent];
  const id = field && parsed.value[field];
  if (!answer || !id) return appErrorData(new AppError("VALIDATION_FAILED", "Unknown action."));
  const reason = answer.reason ? validateForm(parsed.form, answer.reason) : null;
  if (reason?.error) return reason.error;
  try {
    await answer.run(context.get(appContext).services, admin, id, reason?.value.reason ?? "");
    return dataWithToast(context, { ok: true }, { type: "success", message: answer.told });
  } catch (error) {
    return appErrorData(error);
  }
}

export const meta = () => [{ title: "Reported Items — ReLaptop" }];

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
            <ReportedAdvertRow key={g.advertId} group={g} />
          ))}
        </ul>
      )}
      <Pager nextCursor={next.adverts} param="advertsCursor" label="Pages of reported laptops" />
      <RowList heading="Reported reviews" count={reviews.length}>
        {reviews.map((r) => (
          <ReportedReviewRow key={r.reviewId} review={r} />
        ))}
      </RowList>
      <Pager nextCursor={next.reviews} param="reviewsCursor" label="Pages of reported reviews" />
      <RowList heading="Reported conversations" count={conversations.length}>
        {conversations.map((c) => (
          <ReportedConversationRow key={c.id} conversation={c} />
        ))}
      </RowList>
      <Pager nextCursor={next.conversations} param="conversationsCursor" label="Pages of reported conversations" />
    </section>
  );
}

/**
 * A list under its heading, shown while it has rows. It stays mounted when empty, so that when its last row
 * goes, focus still moves (to the page's heading).
 */
function RowList({ heading, count, children }: { heading: string; count: number; children: ReactNode }) {
  const list = useListFocus<HTMLUListElement>(count, mainHeading);
  if (count === 0) return null;
  return (
    <>
      <h2 className="mb-3 mt-8 text-xl font-semibold">{heading}</h2>
      <ul ref={list.ref} onFocus={list.onFocus} className="flex flex-col gap-3">
        {children}
      </ul>
    </>
  );
}
