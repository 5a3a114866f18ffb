import { Link } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { actionsFor, orderNotFound } from "../../../core/orders/index.ts";
import type { MyReview } from "../../../core/reviews/index.ts";
import { type MyOrder, orderStatusLabel } from "../../../schemas/orders.ts";
import { idFromPath } from "../../../schemas/params.ts";
import { REVIEWABLE_ORDER_STATUSES } from "../../../schemas/reviews.ts";
import type { OrderActions } from "../../../schemas/sales.ts";
import { AdvertRow } from "../../components/advert-row.tsx";
import { BuyerOrderActions } from "../../components/buyer-order-actions.tsx";
import { OrderAmount } from "../../components/delivery-details.tsx";
import { LaptopLink } from "../../components/laptop-link.tsx";
import { parseForm } from "../../lib/forms.server.ts";
import { reportProblemPath } from "../../lib/paths.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast, errorDataWithToast } from "../../lib/toast.server.ts";
import { useFocusLanding } from "../../lib/use-focus-landing.ts";
import type { Route } from "./+types/my-orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "buyer");
  const { services } = context.get(appContext);
  const orders = await services.orders.listMine(user);
  // One query for the reviews of every completed order on the page.
  const reviews = await services.reviews.forOrders(
    user,
    orders.filter((o) => reviewable(o.status)).map((o) => o.id),
  );
  const now = Date.now();
  // What the buyer may do next is the order state table's to say, on the server.
  return {
    protectionHours: services.orders.saleWindows().protectionHours,
    orders: orders.map((order) => ({
      ...order,
      review: reviewAction(order.status, reviews[order.id], now),
      can: actionsFor("buyer", order),
    })),
  };
}

const reviewable = (status: string) => (REVIEWABLE_ORDER_STATUSES as readonly string[]).includes(status);

/** "Write a review" once received; "Edit your review" for 30 days; what an admin's removal said. */
function reviewAction(status: string, review: MyReview | undefined, now: number) {
  if (!reviewable(status)) return null;
  if (!review) return { label: "Write a review", removedBecause: null };
  if (review.removedBecause) return { label: null, removedBecause: review.removedBecause };
  return { label: now < Date.parse(review.editableUntil) ? "Edit your review" : null, removedBecause: null };
}

const intentSchema = z.object({ intent: z.enum(["cancel", "receipt", "accept"]), orderId: z.string().min(1) });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "buyer");
  const parsed = await parseForm(request, intentSchema);
  if (parsed.error) return parsed.error;
  const { orders } = context.get(appContext).services;
  const { intent } = parsed.value;
  try {
    const orderId = idFromPath(parsed.value.orderId);
    if (!orderId) throw orderNotFound();
    if (intent === "receipt") {
      await orders.confirmReceipt(user, orderId);
      const message = `Enjoy your laptop! If something is wrong with it, report a problem within ${orders.saleWindows().protectionHours} hours.`;
      return dataWithToast(context, { ok: true }, { type: "success", message });
    }
    if (intent === "accept") {
      await orders.accept(user, orderId);
      return dataWithToast(context, { ok: true }, { type: "success", message: "Thank you! The sale is complete." });
    }
    const outcome = await orders.cancel(user, orderId);
    const message = {
      refunded: "Your order is cancelled and your payment refunded in full.",
      refunding: "Your order is cancelled. Your refund is on its way: this page shows Refunded once it is done.",
      cancelled: "Your booking is cancelled.",
    }[outcome];
    return dataWithToast(context, { ok: true }, { type: "success", message });
  } catch (error) {
    return errorDataWithToast(context, error);
  }
}

export const meta = () => [{ title: "My Orders — ReLaptop" }];

export default function MyOrders({ loaderData: { orders, protectionHours } }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-4 text-3xl font-bold">My Orders</h1>
      {orders.length === 0 ? (
        <p>
          You have no orders yet.{" "}
          <Link to="/#categories" className="link link-primary">
            Browse laptops by brand
          </Link>{" "}
          and book one.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} protectionHours={protectionHours} />
          ))}
        </ul>
      )}
    </section>
  );
}

type ReviewAction = ReturnType<typeof reviewAction>;

function OrderRow({
  order,
  protectionHours,
}: {
  order: MyOrder & { can: OrderActions; review: ReviewAction };
  protectionHours: number;
}) {
  // Confirming receipt or cancelling takes the buttons away: focus lands on the order's new status (a parcel
  // received stays handed over, so it is the status as said that changes).
  const status = orderStatusLabel(order);
  const statusMark = useFocusLanding<HTMLSpanElement>(status);
  return (
    <AdvertRow imageUrl={order.productImageUrl} title={<LaptopLink id={order.advertId} name={order.productName} />}>
      <p className="flex flex-wrap items-center gap-2">
        <OrderAmount order={order} />
        <span
          ref={statusMark}
          className={`badge ${order.status === "paid" || order.status === "handed_over" || order.status === "completed" ? "badge-success" : order.status === "booked" ? "badge-info" : "badge-ghost"}`}
        >
          {status}
        </span>
      </p>
      <p className="text-sm">
        <Link to={`/dashboard/orders/${order.id}`} className="link">
          Order <span className="font-mono">{order.number}</span>
        </Link>
      </p>
      {order.review?.removedBecause && (
        <p className="text-sm text-base-content/70">An admin removed your review: {order.review.removedBecause}</p>
      )}
      <p className="text-sm">
        Seller:{" "}
        <Link to={`/sellers/${order.sellerId}`} className="link">
          {order.sellerName}
        </Link>
      </p>
      <div className="card-actions">
        <Link to={`/dashboard/messages/new?advert=${order.advertId}`} className="btn btn-outline btn-sm">
          Message seller
        </Link>
        <BuyerOrderActions order={order} can={order.can} protectionHours={protectionHours} />
        {order.can.reportProblem && (
          <Link to={reportProblemPath(order.id)} className="btn btn-outline btn-sm">
            Report a problem
          </Link>
        )}
        {order.review?.label && (
          <Link to={`/dashboard/my/orders/${order.id}/review`} className="btn btn-primary btn-sm">
            {order.review.label}
          </Link>
        )}
      </div>
    </AdvertRow>
  );
}
