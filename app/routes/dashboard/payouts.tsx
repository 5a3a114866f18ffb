import { data, redirect } from "react-router";
import { appContext } from "#app-context";
import { formatPrice } from "../../../schemas/money.ts";
import {
  BALANCE_LABELS,
  onboardingReturns,
  PAYOUT_ACCOUNT_LABELS,
  type PayoutsReply,
  payoutSetupSchema,
  payoutsQuerySchema,
} from "../../../schemas/payouts.ts";
import { LocalTime } from "../../components/local-time.tsx";
import { MoneyStats } from "../../components/money-stats.tsx";
import { OrderLink } from "../../components/order-link.tsx";
import { Pager } from "../../components/pager.tsx";
import { PayoutSetupForm, type PayoutSetupResult } from "../../components/payout-setup-form.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { LabelledCell, STACK, StackedTable } from "../../components/stacked-table.tsx";
import { numeric } from "../../components/table-head.tsx";
import { appErrorData, validateForm } from "../../lib/forms.server.ts";
import { pageOrNotFound } from "../../lib/keyset-page.server.ts";
import { notFound } from "../../lib/not-found.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/payouts";

/** Sellers only: their payout account, balances, failed transfers and a page of lines (core/payouts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const seller = await requireUser(request, context, "seller");
  const params = new URL(request.url).searchParams;
  const query = payoutsQuerySchema.safeParse({ cursor: params.get("cursor") ?? undefined });
  if (!query.success) throw notFound("This page of payouts does not exist.");
  const reply = await pageOrNotFound(() => context.get(appContext).services.payouts.mine(seller, query.data.cursor));
  // Back from Stripe's pages: done (Stripe tells us the account's state on its own), or the link ran out.
  const onboarding = params.get("onboarding");
  return { ...reply, back: onboarding === "done" || onboarding === "expired" ? onboarding : null };
}

/**
 * Set up payouts: with the simulated provider, the form (a holder and a bank account number); with Stripe, off to
 * Stripe's hosted pages, which send the seller back here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const seller = await requireUser(request, context, "seller");
  const { services, publicUrl } = context.get(appContext);
  const form = await request.formData();
  if (services.payouts.provider.onboarding === "hosted") {
    const { url } = await services.payouts.startOnboarding(seller, onboardingReturns(publicUrl));
    return redirect(url);
  }
  // What was typed comes back with a refusal (typedValues), but never the bank account number.
  const refused = (answer: ReturnType<typeof appErrorData>) =>
    data<PayoutSetupResult>({ intent: "setUp", ...answer.data }, { status: answer.init?.status ?? 400 });
  const parsed = validateForm(form, payoutSetupSchema);
  if (parsed.error) return refused(parsed.error);
  try {
    const account = await services.payouts.setUp(seller, parsed.value);
    return dataWithToast(context, { intent: "setUp", ok: true } as const, {
      type: "success",
      message: `Payouts are set up: your money goes to ${account.bankAccount}.`,
    });
  } catch (error) {
    return refused(appErrorData(error, form));
  }
}

export const meta = () => [{ title: "Payouts — ReLaptop" }];

export default function Payouts({ loaderData: reply, actionData }: Route.ComponentProps) {
  const { account, balances, lines, next, failed, back } = reply;
  const result = actionData && !("ok" in actionData) ? actionData : undefined;
  return (
    <section className="flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Payouts</h1>
        {/* A download, not a page: React Router must not try to render it. */}
        <a href="/api/payouts/lines.csv" className="link" download>
          Download CSV
        </a>
      </div>
      <p className="max-w-3xl">
        When a sale is final (the buyer says everything is fine, or the buyer protection window ends), what you receive
        — the price and shipping, less ReLaptop’s fee — is sent to your bank account.
      </p>
      {back === "done" && (
        <p role="status" className="alert alert-info">
          Thank you. Stripe is checking your details; your payout account shows Active here once it can be paid.
        </p>
      )}
      {back === "expired" && (
        <p role="status" className="alert alert-warning">
          That set-up link has expired. Press Set up payouts to carry on where you left off.
        </p>
      )}
      {balances.availableCents > 0 && account.state !== "active" && (
        <p role="note" className="alert alert-warning">
          {`You have ${formatPrice(balances.availableCents)} available. Set up payouts to receive it.`}
        </p>
      )}
      {failed.length > 0 && <FailedTransfers failed={failed} />}
      <MoneyStats
        label="Your balances"
        stats={[
          { title: BALANCE_LABELS.pending, cents: balances.pendingCents, what: "In buyer protection or disputed" },
          { title: BALANCE_LABELS.available, cents: balances.availableCents, what: "Final, waiting to be sent" },
          { title: BALANCE_LABELS.on_its_way, cents: balances.onItsWayCents, what: "Sent to your bank" },
          { title: BALANCE_LABELS.paid_out, cents: balances.paidOutCents, what: "In your bank account" },
        ]}
      />
      <PayoutAccount account={account} result={result} />
      <h2 id="lines-heading" className="text-xl font-semibold">
        Your sales’ money
      </h2>
      {lines.length === 0 ? (
        <p>Nothing yet. When a buyer pays for one of your laptops, the order is listed here with what you receive.</p>
      ) : (
        <Lines lines={lines} />
      )}
      <Pager nextCursor={next} label="Pages of your sales’ money" />
    </section>
  );
}

function PayoutAccount({ account, result }: { account: PayoutsReply["account"]; result?: PayoutSetupResult }) {
  const active = account.state === "active";
  return (
    <section aria-labelledby="account-heading" className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <h2 id="account-heading" className="text-xl font-semibold">
        Payout account
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="font-semibold">Status</dt>
        <dd>
          <span className={`badge ${active ? "badge-success" : "badge-warning"}`}>
            {PAYOUT_ACCOUNT_LABELS[account.state]}
          </span>
        </dd>
        {account.holder && (
          <>
            <dt className="font-semibold">Account holder</dt>
            <dd>{account.holder}</dd>
          </>
        )}
        {account.bankAccount && (
          <>
            <dt className="font-semibold">Bank account</dt>
            <dd className="font-mono">{account.bankAccount}</dd>
          </>
        )}
      </dl>
      {account.onboarding === "hosted" ? (
        !active && (
          <form method="post">
            <input type="hidden" name="intent" value="onboard" />
            <p className="mb-2 text-sm">Stripe, our payments partner, asks for your details on its own pages.</p>
            <button type="submit" className="btn btn-primary">
              Set up payouts
            </button>
          </form>
        )
      ) : active ? (
        <details open={Boolean(result)}>
          <summary className="cursor-pointer font-semibold">Change bank details</summary>
          <div className="mt-3">
            <PayoutSetupForm key={account.bankAccount} result={result} submitLabel="Change bank details" />
          </div>
        </details>
      ) : (
        <>
          <h3 className="font-semibold">Set up payouts</h3>
          <PayoutSetupForm result={result} submitLabel="Set up payouts" />
        </>
      )}
    </section>
  );
}

function FailedTransfers({ failed }: { failed: PayoutsReply["failed"] }) {
  return (
    <div role="alert" className="alert alert-error flex-col items-start">
      <p className="font-semibold">
        {failed.length === 1 ? "A payout failed" : `${failed.length} payouts failed`}. We will try again; fix what the
        bank says below if it is yours to fix.
      </p>
      <ul className="list-disc pl-5">
        {failed.map((f) => (
          <li key={f.orderNumber}>
            <span className="font-mono">{f.orderNumber}</span>, {formatPrice(f.amountCents)}: {f.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

const LINE_COLUMNS = [
  "Order",
  "Laptop",
  numeric("Charged"),
  numeric("Refunded"),
  numeric("Fee"),
  numeric("Yours"),
  "Where",
  "Paid out at",
];

function Lines({ lines }: { lines: PayoutsReply["lines"] }) {
  return (
    <div className="overflow-x-auto">
      <StackedTable columns={LINE_COLUMNS} labelledBy="lines-heading">
        {lines.map((line) => (
          <tr key={line.orderId} className={STACK.row}>
            <LabelledCell label="Order">
              <OrderLink id={line.orderId} number={line.orderNumber} />
            </LabelledCell>
            <LabelledCell label="Laptop">{line.productName}</LabelledCell>
            <LabelledCell label="Charged" className="md:text-right">
              {formatPrice(line.chargedCents)}
            </LabelledCell>
            <LabelledCell label="Refunded" className="md:text-right">
              {formatPrice(line.refundedCents)}
            </LabelledCell>
            <LabelledCell label="Fee" className="md:text-right">
              {formatPrice(line.feeCents)}
            </LabelledCell>
            <LabelledCell label="Yours" className="font-semibold md:text-right">
              {formatPrice(line.earnedCents)}
            </LabelledCell>
            <LabelledCell label="Where">{BALANCE_LABELS[line.where]}</LabelledCell>
            <LabelledCell label="Paid out">
              {line.paidAt ? <LocalTime iso={line.paidAt} /> : <span className="text-base-content/80">Not yet</span>}
            </LabelledCell>
          </tr>
        ))}
      </StackedTable>
    </div>
  );
}

export const ErrorBoundary = RouteError;
