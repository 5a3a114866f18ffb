import { appContext } from "#app-context";
import { AppError, isAppError } from "../../../core/errors.ts";
import { DISPUTE_DECISION_LABELS, decisionFormSchema, NO_DISPUTE } from "../../../schemas/disputes.ts";
import { formatPrice } from "../../../schemas/money.ts";
import { MODERATION_EVENT } from "../../../schemas/notification-labels.ts";
import { ORDER_STATUS_LABELS } from "../../../schemas/orders.ts";
import { idFromPath } from "../../../schemas/params.ts";
import { DisputeDecisionForm } from "../../components/dispute-decision-form.tsx";
import { DisputeExchange, DisputeSummary } from "../../components/dispute-exchange.tsx";
import { RefusedHere } from "../../components/form-field.tsx";
import { LaptopPhoto } from "../../components/laptop-photo.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { OrderLink } from "../../components/order-link.tsx";
import { PagedList } from "../../components/pager.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { appErrorData, refusalFor, validateForm } from "../../lib/forms.server.ts";
import { keysetPage } from "../../lib/keyset-page.server.ts";
import { useLiveEvent } from "../../lib/live-events.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast } from "../../lib/toast.server.ts";
import { mainHeading, useListFocus } from "../../lib/use-focus-landing.ts";
import { useLiveRefresh } from "../../lib/use-live-refresh.ts";
import type { Route } from "./+types/disputes";

/** Admins only: every open dispute, the longest waiting first, a page at a time (core/disputes). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, "admin");
  return keysetPage(request, (cursor) => context.get(appContext).services.disputes.listOpen(admin, { cursor }));
}

const DECIDED = {
  refund: "Decided: the buyer is refunded in full. Both are told.",
  partial_refund: "Decided: part of the payment goes back to the buyer. Both are told.",
  release: "Decided: the sale stands. Both are told.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, context, "admin");
  const form = await request.formData();
  const disputeId = idFromPath(String(form.get("disputeId") ?? ""));
  const parsed = validateForm(form, decisionFormSchema);
  if (parsed.error) return disputeId ? refusalFor(disputeId, parsed.error) : parsed.error;
  if (!disputeId) return appErrorData(new AppError("NOT_FOUND", NO_DISPUTE));
  try {
    const { status } = await context.get(appContext).services.disputes.decide(admin, disputeId, parsed.value);
    const message =
      status === "refunding"
        ? `${DISPUTE_DECISION_LABELS[parsed.value.decision]}: the refund is being made and will finish shortly.`
        : DECIDED[parsed.value.decision];
    return dataWithToast(context, { ok: true }, { type: "success", message });
  } catch (error) {
    // The core names the amount in cents (`amountCents`); the form's field is in dollars (`amount`).
    if (isAppError(error) && error.fields?.amountCents) {
      return refusalFor(
        disputeId,
        appErrorData(new AppError(error.code, error.message, { amount: error.fields.amountCents }), form),
      );
    }
    // Decided by another admin meanwhile, or gone: posted without JavaScript, the page says so at its top, as
    // the dispute is no longer listed.
    return appErrorData(error);
  }
}

export const meta = () => [{ title: "Disputes — ReLaptop" }];

export default function Disputes({ loaderData: page, actionData }: Route.ComponentProps) {
  const refresh = useLiveRefresh();
  // A problem reported, an answer, another admin's decision: read the page again (rows keep their keys).
  useLiveEvent(MODERATION_EVENT, refresh);
  // A decided dispute goes: focus moves to the one now in its place (or the heading).
  const list = useListFocus<HTMLUListElement>(page.items.length, mainHeading);
  return (
    <section>
      <h1 className="mb-2 text-3xl font-bold">Disputes</h1>
      <RefusedHere answer={actionData} />
      <p className="mb-6 max-w-3xl">
        Problems buyers reported within the buyer protection window, the longest waiting first. Read both sides, then
        refund the buyer in full, refund part, or release the sale to the seller. Both people read your reason.
      </p>
      <PagedList page={page} className="flex flex-col gap-8" focus={list} empty={<p>No open disputes.</p>}>
        {(d) => (
          <li key={d.id} className="card border border-base-300 bg-base-100">
            <article aria-labelledby={`dispute-${d.id}`} className="card-body gap-4">
              <h2 id={`dispute-${d.id}`} className="card-title flex-wrap">
                <OrderLink id={d.order.id} number={d.order.number} />
                <span>{d.order.productName}</span>
              </h2>
              <div className="flex flex-wrap items-start gap-4">
                <LaptopPhoto
                  src={d.order.productImageUrl}
                  width={128}
                  className="aspect-[4/3] w-32 rounded object-cover"
                />
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="font-semibold">Buyer</dt>
                  <dd>{d.order.buyer.name}</dd>
                  <dt className="font-semibold">Seller</dt>
                  <dd>{d.order.seller.name}</dd>
                  <dt className="font-semibold">Paid</dt>
                  <dd>{formatPrice(d.order.chargedCents)}</dd>
                  <dt className="font-semibold">Status</dt>
                  <dd>{ORDER_STATUS_LABELS[d.order.status]}</dd>
                </dl>
              </div>
              <DisputeSummary dispute={d} />
              <details>
                <summary className="cursor-pointer font-semibold">What happened to the order</summary>
                <ol className="mt-2 flex flex-col gap-1 border-l-2 border-base-300 pl-4 text-sm">
                  {d.order.events.map((event, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end
                    <li key={i}>
                      <LocalTime iso={event.at} className="text-base-content/70" /> —{" "}
                      <span className="font-semibold">{event.who}</span>: {event.what}
                      {event.note && ` (${event.note})`}
                    </li>
                  ))}
                </ol>
              </details>
              <h3 className="font-semibold">The exchange</h3>
              <DisputeExchange dispute={d} />
              <h3 className="font-semibold">Decide</h3>
              <DisputeDecisionForm dispute={d} />
            </article>
          </li>
        )}
      </PagedList>
    </section>
  );
}

export const ErrorBoundary = RouteError;
