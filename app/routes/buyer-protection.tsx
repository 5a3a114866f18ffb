import { Link } from "react-router";
import { appContext } from "#app-context";
import { RouteError } from "../components/route-error.tsx";
import type { Route } from "./+types/buyer-protection";

export const meta = () => [
  { title: "Buyer protection — ReLaptop" },
  {
    name: "description",
    content: "How ReLaptop protects every order: your money waits until you have the laptop and it is as described.",
  },
];

/** The windows as this site is configured (BOOKING_HOURS, HANDOVER_DAYS, SHIPPING_DAYS, PROTECTION_HOURS). */
export const loader = ({ context }: Route.LoaderArgs) => context.get(appContext).services.orders.saleWindows();

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

export default function BuyerProtection({ loaderData: w }: Route.ComponentProps) {
  const protection = plural(w.protectionHours, "hour");
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-3xl font-bold">100% buyer protection</h1>
      <p className="text-lg">
        When you pay for a laptop on ReLaptop, the seller is not paid until you have it and it is as described. If it is
        not, you get your money back.
      </p>

      <h2 className="mt-4 text-xl font-semibold">What is protected</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>Every order paid on ReLaptop, whether you meet the seller or have the laptop shipped.</li>
        <li>
          A laptop that never reaches you, that does not work, or that is not as its advert described (its processor,
          memory, storage, condition or photos).
        </li>
        <li>Your card is charged once, through our payment provider; the seller never sees your card.</li>
      </ul>

      <h2 className="mt-4 text-xl font-semibold">How long each step may take</h2>
      <dl className="flex flex-col gap-1">
        <dt className="mt-2 font-semibold">Paying for a booking</dt>
        <dd>
          A booking holds the laptop for {plural(w.bookingHours, "hour")}. Not paid by then, it ends and the laptop is
          free for others. Nothing is charged.
        </dd>
        <dt className="mt-2 font-semibold">Handing the laptop over</dt>
        <dd>
          Once you have paid, the seller has {plural(w.handoverDays, "day")} to meet you or ship it. If they do not, the
          order is cancelled and you are refunded in full, automatically. Until the laptop is handed over you can also
          cancel it yourself, with a full refund.
        </dd>
        <dt className="mt-2 font-semibold">The protection window</dt>
        <dd>
          From the moment the laptop is handed over — or, for a parcel, from when you say you received it — you have{" "}
          {protection} to check it and report a problem. A parcel you never confirm counts as received{" "}
          {plural(w.shippingDays, "day")} after it was shipped. When the window ends with no problem reported, the sale
          is final and the seller is paid. If all is well sooner, press <strong>Everything is fine</strong> on the
          order's page.
        </dd>
      </dl>
      <p>We remind you a day before each of these ends.</p>

      <h2 className="mt-4 text-xl font-semibold">How to report a problem</h2>
      <ol className="list-decimal space-y-1 pl-6">
        <li>
          Open the order from{" "}
          <Link to="/dashboard/my/orders" className="link">
            My Orders
          </Link>{" "}
          and press <strong>Report a problem</strong> within the {protection}.
        </li>
        <li>
          Say what is wrong — not as described, does not work, not received, or something else — and add up to five
          photos.
        </li>
        <li>
          The seller is told and can answer on the same page. The seller's money waits: nothing moves until the problem
          is decided.
        </li>
        <li>
          A ReLaptop admin reads both sides and decides: a full refund, a partial refund, or the sale stands. Both of
          you are told why.
        </li>
      </ol>
      <p>
        Once a laptop is handed over, the order can no longer simply be cancelled: that is what reporting a problem is
        for, so that the seller has a say too.
      </p>
    </article>
  );
}

export const ErrorBoundary = RouteError;
