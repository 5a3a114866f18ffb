import { appContext } from "#app-context";
import { formatPrice } from "../../../schemas/money.ts";
import { FinanceChart } from "../../components/finance-chart.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { MoneyStats } from "../../components/money-stats.tsx";
import { OrderLink } from "../../components/order-link.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { LabelledCell, STACK, StackedTable } from "../../components/stacked-table.tsx";
import { numeric } from "../../components/table-head.tsx";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/finance";

/** Admins only: the marketplace's money over 90 days, failed transfers and the ledger's check (core/payouts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, "admin");
  return context.get(appContext).services.payouts.finance(admin);
}

export const meta = () => [{ title: "Finance — ReLaptop" }];

const FAILED_COLUMNS = ["Order", "Seller", numeric("Amount"), numeric("Attempts"), "Reason", "Next attempt"];

export default function Finance({ loaderData: { days, totals, failedTransfers, check } }: Route.ComponentProps) {
  return (
    <section className="flex max-w-5xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Finance</h1>
      <p className="max-w-3xl">
        What the ledger says about the last {days.length} days: money in, ReLaptop’s fees, refunds and payouts to
        sellers, and what ReLaptop holds for sellers today.
      </p>
      <section aria-labelledby="check-heading" className="flex flex-col gap-2">
        <h2 id="check-heading" className="text-xl font-semibold">
          The ledger’s check
        </h2>
        {check.balanced ? (
          <p>
            <span className="badge badge-success">Balanced</span>{" "}
            <span className="text-sm">Every group of entries, and so every day, sums to zero.</span>
          </p>
        ) : (
          <div role="alert" className="alert alert-error flex-col items-start">
            <p className="font-semibold">The ledger does not balance:</p>
            <ul className="list-disc pl-5">
              {check.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <h2 className="text-xl font-semibold">The last {days.length} days</h2>
      <MoneyStats
        label={`Totals of the last ${days.length} days`}
        stats={[
          { title: "Sales", cents: totals.salesCents, what: "Paid by buyers" },
          { title: "Fees earned", cents: totals.feesCents, what: "ReLaptop’s share" },
          { title: "Refunds", cents: totals.refundsCents, what: "Given back to buyers" },
          { title: "Payouts", cents: totals.payoutsCents, what: "Sent to sellers" },
        ]}
      />
      <MoneyStats
        label="Owed to sellers today"
        stats={[
          { title: "Pending payables", cents: totals.pendingCents, what: "In buyer protection or disputed" },
          { title: "Available payables", cents: totals.availableCents, what: "Final, waiting for a payout" },
        ]}
      />
      <FinanceChart days={days} />
      <section aria-labelledby="failed-heading" className="flex flex-col gap-2">
        <h2 id="failed-heading" className="text-xl font-semibold">
          Failed transfers
        </h2>
        {failedTransfers.length === 0 ? (
          <p>None: every payout due went through.</p>
        ) : (
          <div className="overflow-x-auto">
            <StackedTable columns={FAILED_COLUMNS} labelledBy="failed-heading">
              {failedTransfers.map((f) => (
                <tr key={f.orderId} className={STACK.row}>
                  <LabelledCell label="Order">
                    <OrderLink id={f.orderId} number={f.orderNumber} />
                  </LabelledCell>
                  <LabelledCell label="Seller">{f.sellerName}</LabelledCell>
                  <LabelledCell label="Amount" className="md:text-right">
                    {formatPrice(f.amountCents)}
                  </LabelledCell>
                  <LabelledCell label="Attempts" className="md:text-right">
                    {f.attempts}
                  </LabelledCell>
                  <LabelledCell label="Reason">{f.reason}</LabelledCell>
                  <LabelledCell label="Next">
                    <LocalTime iso={f.nextAttemptAt} />
                  </LabelledCell>
                </tr>
              ))}
            </StackedTable>
          </div>
        )}
      </section>
    </section>
  );
}

export const ErrorBoundary = RouteError;
