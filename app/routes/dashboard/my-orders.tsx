import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/my-orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export const meta = () => [{ title: "My Orders — ReLaptop" }];

export default function MyOrders() {
  return (
    <section>
      <h1 className="mb-4 text-3xl font-bold">My Orders</h1>
      <p>Booking and card payment open soon: your orders will be listed here.</p>
    </section>
  );
}
