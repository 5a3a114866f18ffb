import { Link } from "react-router";
import { appContext } from "#app-context";
import { RouteError } from "../components/route-error.tsx";
import type { Route } from "./+types/terms";

export const meta = () => [
  { title: "Terms of use — ReLaptop" },
  { name: "description", content: "The rules for buying and selling used laptops on ReLaptop." },
];

/** The sale windows as this site is configured (the same numbers /buyer-protection gives). */
export const loader = ({ context }: Route.LoaderArgs) => context.get(appContext).services.orders.saleWindows();

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** The marketplace's rules, as the code enforces them: what a buyer, a seller and ReLaptop each do. */
export default function Terms({ loaderData: w }: Route.ComponentProps) {
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-3xl font-bold">Terms of use</h1>
      <p className="text-lg">
        ReLaptop is a marketplace where people sell used laptops to each other. By creating an account you agree to
        these terms. How we handle your data is in the{" "}
        <Link to="/privacy" className="link">
          Privacy policy
        </Link>{" "}
        and the{" "}
        <Link to="/cookies" className="link">
          Cookie policy
        </Link>
        .
      </p>

      <h2 className="mt-4 text-xl font-semibold">Your account</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>Give your real name and an email address you read: we send order updates and links there.</li>
        <li>
          Keep your password to yourself. You can see where you are signed in, and sign out a lost device, on your{" "}
          <Link to="/profile" className="link">
            profile
          </Link>
          .
        </li>
        <li>A name may not pass for ReLaptop staff, an admin or a verified seller.</li>
        <li>We may delete an account that breaks these terms; its orders and sales records are kept.</li>
      </ul>

      <h2 className="mt-4 text-xl font-semibold">Selling</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Advertise only laptops you own and can hand over. Describe them truthfully: processor, memory, storage,
          condition and your own photos.
        </li>
        <li>
          An advert may be held for review before it is shown, and an admin may remove one that is reported and found
          misleading, unsafe or not a laptop.
        </li>
        <li>
          When someone books your laptop, answer the booking. Once it is paid you have {plural(w.handoverDays, "day")}{" "}
          to meet the buyer or ship it; otherwise the order is cancelled and the buyer refunded.
        </li>
        <li>
          You are paid — the price less ReLaptop's fee, shown before you post — once the sale is final: when the buyer's
          protection window ends with no problem reported, or the buyer says everything is fine.
        </li>
      </ul>

      <h2 className="mt-4 text-xl font-semibold">Buying</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          A booking holds a laptop for {plural(w.bookingHours, "hour")}; pay within that time or it ends, with nothing
          charged.
        </li>
        <li>
          Pay only through ReLaptop. Money paid outside the site is not covered by{" "}
          <Link to="/buyer-protection" className="link">
            buyer protection
          </Link>
          .
        </li>
        <li>
          Check the laptop when you get it: you have {plural(w.protectionHours, "hour")} to report a problem, and an
          admin decides between a refund, a partial refund or the sale standing.
        </li>
      </ul>

      <h2 className="mt-4 text-xl font-semibold">Talking to each other</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Messages, reviews and reports must be honest and polite. No spam, threats, or other people's personal data.
        </li>
        <li>
          You can block someone in a conversation and report a message, an advert or a review; admins read what is
          reported and may remove it.
        </li>
        <li>A review is about a sale that happened: only the buyer of a completed order may write one.</li>
      </ul>

      <h2 className="mt-4 text-xl font-semibold">What ReLaptop does and does not do</h2>
      <p>
        ReLaptop is not the seller of any laptop: the sale is between buyer and seller. We hold the buyer's payment
        until the sale is final, decide reported problems, and keep the site running. We do not inspect laptops
        ourselves. These terms may change; we will say so on this page before a change takes effect.
      </p>
    </article>
  );
}

export const ErrorBoundary = RouteError;
