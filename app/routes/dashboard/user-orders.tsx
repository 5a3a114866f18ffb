import { appContext } from "#app-context";
import { ORDER_STATUS_LABELS } from "../../../schemas/orders.ts";
import { OrderAmount } from "../../components/delivery-details.tsx";
import { LaptopLink } from "../../components/laptop-link.tsx";
import { OrderLink } from "../../components/order-link.tsx";
import { TableHead } from "../../components/table-head.tsx";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/user-orders";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, "admin");
  return { orders: await context.get(appContext).services.orders.listForAdmin(admin, params.id) };
}

export const meta = () => [{ title: "Orders of an account — ReLaptop" }];

export default function UserOrders({ loaderData: { orders } }: Route.ComponentProps) {
  // Whose orders: the account is the buyer or the seller of each (an account without orders stays unnamed).
  const first = orders[0];
  const whose = first ? (first.role === "buyer" ? first.buyerName : first.sellerName) : "this account";
  return (
    <section>
      <h1 className="mb-4 text-3xl font-bold">Orders of {whose}</h1>
      {orders.length === 0 ? (
        <p>This account has no orders, as buyer or as seller.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table">
            <TableHead columns={["Order", "Laptop", "As", "Buyer", "Seller", "Price", "Status", "Payment"]} />
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <OrderLink id={o.id} number={o.number} />
                  </td>
                  <td>
                    <LaptopLink id={o.advertId} name={o.productName} />
                  </td>
                  <td>{o.role}</td>
                  <td>
                    {o.buyerName}
                    <br />
                    <span className="text-xs">{o.buyerEmail}</span>
                  </td>
                  <td>{o.sellerName}</td>
                  <td>
                    <OrderAmount order={o} />
                  </td>
                  <td>{ORDER_STATUS_LABELS[o.status]}</td>
                  <td className="text-xs">{o.transactionId ? `${o.paymentStatus} · ${o.transactionId}` : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
