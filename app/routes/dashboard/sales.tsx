import { Form, Link } from "react-router";
import { appContext } from "#app-context";
import { ORDER_STATUS_LABELS, orderStatusLabel } from "../../../schemas/orders.ts";
import { salesQuerySchema } from "../../../schemas/sales.ts";
import { ORDER_STATUSES } from "../../../schemas/values.ts";
import { AdvertRow } from "../../components/advert-row.tsx";
import { DeliveryRows, OrderAmount } from "../../components/delivery-details.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { PagedList } from "../../components/pager.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { SellerOrderActions } from "../../components/seller-order-actions.tsx";
import { pageOrNotFound } from "../../lib/keyset-page.server.ts";
import { notFound } from "../../lib/not-found.server.ts";
import { sellerOrderAction } from "../../lib/seller-order-actions.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { useFocusLanding } from "../../lib/use-focus-landing.ts";
import type { Route } from "./+types/sales";

export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireUser(request, context, "seller");
  const query = salesQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // A status or cursor that is not one of ours names a page that does not exist.
  if (!query.success) throw notFound("This page of sales does not exist.");
  const page = await pageOrNotFound(() => context.get(appContext).services.orders.listSales(seller, query.data));
  return { ...page, status: query.data.status ?? "" };
}

export const action = ({ request, context }: Route.ActionArgs) => sellerOrderAction(request, context);

export const meta = () => [{ title: "My Sales — ReLaptop" }];

/** Every order on the seller's laptops, newest first, with whom to meet and where (or where to ship), and what to do next. */
export default function MySales({ loaderData: page }: Route.ComponentProps) {
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-3xl font-bold">My Sales</h1>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1">
          <span className="text-sm font-semibold">Status</span>
          <select name="status" defaultValue={page.status} className="select select-bordered select-sm">
            <option value="">Every status</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-sm">
          Show
        </button>
      </Form>
      <PagedList
        page={page}
        empty={
          <p>
            {page.status
              ? "No orders with this status."
              : "No orders yet. When a buyer books one of your laptops, it is listed here."}
          </p>
        }
      >
        {(sale) => <SaleRow key={sale.id} sale={sale} />}
      </PagedList>
    </section>
  );
}

function SaleRow({ sale }: { sale: Route.ComponentProps["loaderData"]["items"][number] }) {
  // Handing over, shipping or declining takes its button away: focus lands on the order's new status.
  const status = orderStatusLabel(sale);
  const statusMark = useFocusLanding<HTMLSpanElement>(status);
  return (
    <AdvertRow
      imageUrl={sale.productImageUrl}
      title={
        <Link to={`/dashboard/orders/${sale.id}`} className="link-hover">
          <span className="font-mono">{sale.number}</span> · {sale.productName}
        </Link>
      }
    >
      <p className="flex flex-wrap items-center gap-2">
        <OrderAmount order={sale} />
        <span ref={statusMark} className="badge badge-info">
          {status}
        </span>
        <span className="text-sm text-base-content/70">
          Booked <LocalTime iso={sale.createdAt} />
        </span>
      </p>
      <p className="text-sm">
        Buyer: {sale.buyerName} ·{" "}
        <a href={`tel:${sale.buyerPhone}`} className="link">
          {sale.buyerPhone}
        </a>
      </p>
      {sale.delivery === "meet" ? (
        <p className="text-sm">Meet at {sale.meetingLocation}</p>
      ) : (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 text-sm">
          <DeliveryRows order={sale} />
        </dl>
      )}
      <p className="text-sm font-semibold">{sale.nextStep}</p>
      <div className="card-actions">
        <Link to={`/dashboard/orders/${sale.id}`} className="btn btn-outline btn-sm">
          See the order
        </Link>
        <SellerOrderActions order={sale} can={sale.can} />
      </div>
    </AdvertRow>
  );
}

export const ErrorBoundary = RouteError;
