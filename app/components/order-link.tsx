import { Link } from "react-router";

/** An order named by its number (set in monospace, as it is everywhere), linking to the order's page. */
export function OrderLink({ id, number }: { id: string; number: string }) {
  return (
    <Link to={`/dashboard/orders/${id}`} className="link font-mono">
      {number}
    </Link>
  );
}
