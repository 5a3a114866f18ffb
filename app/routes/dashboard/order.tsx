import { Link } from "react-router";
import { appContext } from "#app-context";
import { isAppError } from "../../../core/errors.ts";
import { ORDER_NOT_FOUND } from "../../../core/orders/index.ts";
import { orderStatusLabel } from "../../../schemas/orders.ts";
import { idFromPath } from "../../../schemas/params.ts";
import type { OrderDetail } from "../../../schemas/sales.ts";
import { BuyerOrderActions } from "../../components/buyer-order-actions.tsx";
import { DeliveryRows, OrderAmount } from "../../components/delivery-details.tsx";
import { DisputeDecision, DisputeExchange, DisputeSummary } from "../../components/dispute-exchange.tsx";
import { DisputeMessageForm } from "../../components/dispute-message-form.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { OrderMoneyRows } from "../../components/order-money.tsx";
import { ReportProblemForm } from "../../components/report-problem-form.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { SellerOrderActions } from "../../components/seller-order-actions.tsx";
import { type DisputeFormData, disputeAction, isDisputeIntent } from "../../lib/dispute-actions.server.ts";
import { loadOrRedirect } from "../../lib/load-or-redirect.server.ts";
import { notFound } from "../../lib/not-found.server.ts";
import { sellerOrderAction } from "../../lib/seller-order-actions.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { useFocusLanding } from "../../lib/use-focus-landing.ts";
import type { Route } from "./+types/order";

/** Its buyer, its laptop's seller and admins read it (core/orders/read-order.ts); anyone else gets a 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const orderId = idFromPath(params.id);
  if (!orderId) throw notFound(ORDER_NOT_FOUND);
  const { orders, disputes } = context.get(appContext).services;
  const order = await loadOrRedirect(context, () => orders.read(user, orderId));
  // A problem reported on it, if any: the order's readers read it too (core/disputes).
  const dispute = await disputes.read(user, order.id).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") return null;
    throw error;
  });
  return { ...order, dispute, protectionHours: orders.saleWindows().protectionHours };
}

/**
 * Its forms: a reported problem and its exchange (with photos), and the seller's buttons; the buyer's other
 * buttons post to My Orders' action, as they do there.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const orderId = idFromPath(params.id);
  if (!orderId) throw notFound(ORDER_NOT_FOUND);
  const form = await request.formData();
  const intent = form.get("intent");
  if (isDisputeIntent(intent)) return disputeAction(context, user, orderId, intent, form);
  return sellerOrderAction(request, context, form);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Order ${loaderData.number} — ReLaptop` : "Order — ReLaptop" },
];

export default function OrderPage({ loaderData: order, actionData }: Route.ComponentProps) {
  const { can, viewer, dispute } = order;
  const anyAction = Object.entries(can).some(([name, allowed]) => allowed && name !== "reportProblem");
  // A step taken here (received, shipped, a problem reported…) takes its button or form away: focus lands on the
  // order's new status.
  const status = orderStatusLabel(order);
  const statusMark = useFocusLanding<HTMLSpanElement>(status);
  // The answer of a dispute form (the seller's buttons answer their fetchers, not the page).
  const disputeForm = actionData && "intent" in actionData ? (actionData as DisputeFormData) : undefined;
  const answered = (intent: DisputeFormData["intent"]) =>
    disputeForm?.intent === intent && !("ok" in disputeForm) ? disputeForm : undefined;
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">
        Order <span className="font-mono">{order.number}</span>
      </h1>
      <div className="flex flex-wrap items-start gap-4">
        <img
          src={order.productImageUrl}
          alt=""
          width={192}
          height={144}
          className="aspect-[4/3] w-48 rounded object-cover"
        />
        <div className="flex flex-col gap-2">
          <h2 className="text-xl font-semibold">
            <Link to={`/laptops/${order.advertId}`} className="link-hover">
              {order.productName}
            </Link>
          </h2>
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">
              <OrderAmount order={order} />
            </span>
            <span ref={statusMark} className="badge badge-info">
              {status}
            </span>
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <OrderMoneyRows order={order} />
        <DeliveryRows order={order} />
        {viewer !== "buyer" && (
          <>
            <dt className="font-semibold">Buyer</dt>
            <dd>{order.buyer.name}</dd>
            <dt className="font-semibold">Buyer’s phone</dt>
            <dd>
              <a href={`tel:${order.buyerPhone}`} className="link">
                {order.buyerPhone}
              </a>
            </dd>
          </>
        )}
        {viewer !== "seller" && (
          <>
            <dt className="font-semibold">Seller</dt>
            <dd>
              <Link to={`/sellers/${order.seller.id}`} className="link">
                {order.seller.name}
              </Link>
            </dd>
            <dt className="font-semibold">Seller’s phone</dt>
            <dd>
              <a href={`tel:${order.seller.phone}`} className="link">
                {order.seller.phone}
              </a>
            </dd>
          </>
        )}
        {viewer === "buyer" && (
          <>
            <dt className="font-semibold">Your phone</dt>
            <dd>{order.buyerPhone}</dd>
          </>
        )}
        <dt className="font-semibold">Booked</dt>
        <dd>
          <LocalTime iso={order.createdAt} />
        </dd>
        {order.handedOverAt && (
          <>
            <dt className="font-semibold">{order.delivery === "ship" ? "Shipped" : "Handed over"}</dt>
            <dd>
              <LocalTime iso={order.handedOverAt} />
            </dd>
          </>
        )}
      </dl>
      {order.deadline && <DeadlineNote deadline={order.deadline} viewer={viewer} />}
      {anyAction && (
        <div className="flex flex-wrap gap-2">
          {viewer === "buyer" && <BuyerOrderActions order={order} can={can} protectionHours={order.protectionHours} />}
          <SellerOrderActions order={{ ...order, buyerName: order.buyer.name }} can={can} />
        </div>
      )}
      {can.reportProblem && <ReportProblemForm result={answered("reportProblem")} />}
      {dispute && (
        <section aria-labelledby="problem-heading" className="flex flex-col gap-3">
          <h2 id="problem-heading" className="text-xl font-semibold">
            The problem reported
          </h2>
          <DisputeSummary dispute={dispute} />
          <DisputeDecision dispute={dispute} />
          <DisputeExchange dispute={dispute} />
          {viewer === "admin" && !dispute.decision && (
            <p>
              <Link to="/dashboard/disputes" className="link">
                Decide it on Disputes
              </Link>
            </p>
          )}
          {dispute.canWrite && viewer !== "admin" && (
            <DisputeMessageForm key={dispute.messages.length} viewer={viewer} result={answered("disputeMessage")} />
          )}
        </section>
      )}
      <h2 className="text-xl font-semibold">What happened</h2>
      <ol className="flex flex-col gap-3 border-l-2 border-base-300 pl-4">
        {order.events.map((event, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end
          <li key={i}>
            <p className="text-sm text-base-content/70">
              <LocalTime iso={event.at} />
            </p>
            <p>
              <span className="font-semibold">{event.who}</span>: {event.what}
            </p>
            {event.note && <p className="text-sm">Reason: {event.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What happens next by itself, and when: said to the person it concerns. */
function DeadlineNote({
  deadline,
  viewer,
}: {
  deadline: NonNullable<OrderDetail["deadline"]>;
  viewer: OrderDetail["viewer"];
}) {
  const when = <LocalTime iso={deadline.at} />;
  const text = {
    bookingEnds: <>Unless it is paid, this booking ends on {when} and the laptop is free to book again.</>,
    handoverDue: (
      <>
        Unless the laptop is handed over by {when}, the order is cancelled and the buyer refunded in full
        {viewer === "seller" ? ": mark it as handed over once you meet." : "."}
      </>
    ),
    protectionEnds: (
      <>
        Buyer protection: {viewer === "buyer" ? "you can" : "the buyer can"} report a problem until {when}. Then the
        sale is final and the seller is paid.{" "}
        <Link to="/buyer-protection" className="link">
          How buyer protection works
        </Link>
      </>
    ),
  }[deadline.what];
  return (
    <p role="note" className="alert alert-info">
      <span>{text}</span>
    </p>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
