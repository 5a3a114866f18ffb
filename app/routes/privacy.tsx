import { Link } from "react-router";
import { appContext } from "#app-context";
import { EXPORT_LINK_HOURS } from "../../schemas/data-export.ts";
import { RouteError } from "../components/route-error.tsx";
import type { Route } from "./+types/privacy";

export const meta = () => [
  { title: "Privacy policy — ReLaptop" },
  {
    name: "description",
    content: "What ReLaptop keeps about you, why, for how long, and who else handles it.",
  },
];

/** How long notifications and emails are kept, as this site is configured (RETENTION_DAYS). */
export const loader = ({ context }: Route.LoaderArgs) => ({
  retentionDays: context.get(appContext).services.privacy.retentionDays(),
});

/** What is stored, as db/schema holds it: each with why, and how long. */
const KEPT = [
  {
    what: "Your account",
    detail: "name, email address, password (only as a one-way hash), role, whether your email is confirmed",
    why: "to sign you in and tell you about your orders",
    howLong: "until the account is deleted",
  },
  {
    what: "Google sign-in",
    detail: "your Google account's id and the tokens Google returns, when you sign in with Google",
    why: "to sign you in",
    howLong: "until the account is deleted",
  },
  {
    what: "Adverts and photos",
    detail: "the laptop's details, its location, the mobile number you give, your photos",
    why: "to show your laptop to buyers; the mobile number (never shown to buyers) helps us spot one seller behind many accounts",
    howLong: "as long as the advert and its sales records exist",
  },
  {
    what: "Orders",
    detail:
      "what was bought and for how much, the meeting place or shipping address, the buyer's phone, each step's time",
    why: "to complete the sale, settle problems, and keep the sales records the law requires",
    howLong: "kept, as sales and accounting records",
  },
  {
    what: "Payments and payouts",
    detail:
      "the payment provider's ids for each charge, refund and transfer; a seller's payout account (its holder's name and the last four digits of the bank account)",
    why: "to take payment, refund it, and pay sellers",
    howLong: "kept, as accounting records",
  },
  {
    what: "Messages and problems reported",
    detail: "your messages with buyers or sellers, the problems reported on orders and their photos",
    why: "so both sides can talk, and so an admin can decide a problem fairly",
    howLong: "as long as the conversation or order exists",
  },
  {
    what: "Reviews, reports and blocks",
    detail: "the reviews you write and receive, what you report, who you block",
    why: "to show sellers' ratings and keep the marketplace safe",
    howLong: "as long as the account exists",
  },
  {
    what: "Favourites and saved searches",
    detail: "the laptops you saved and the searches you asked to be told about",
    why: "to tell you about price drops and new matches",
    howLong: "until you remove them",
  },
  {
    what: "Notifications",
    detail: "what the site told you (bookings, payments, messages…) and whether you read it",
    why: "to show you what changed",
    howLong: "DAYS",
  },
  {
    what: "Email log",
    detail: "each email sent to you: its address, subject and whether it was delivered",
    why: "to deliver it, retry it, and show an admin why an email did not arrive",
    howLong: "DAYS",
  },
  {
    what: "Sessions",
    detail: "for each device you are signed in on: the address it signed in from, its browser (user agent), times",
    why: "to keep you signed in, and to show you where you are signed in",
    howLong: "until you sign out, or 7 days without use",
  },
  {
    what: "Passkeys",
    detail:
      "for each passkey you add: its name, when you added it, and its public key (the private key never leaves your device)",
    why: "to sign you in with it",
    howLong: "until you remove it or delete your account",
  },
  {
    what: "Emailed links",
    detail: "password reset, sign-in and email confirmation links",
    why: "to check a link when you open it",
    howLong: "until used or expired (15 minutes to 24 hours)",
  },
  {
    what: "Security records",
    detail:
      "failed sign-ins counted per account and per address, sign-ups per address, what admins did and to whom, " +
      "when you started selling",
    why: "to stop password guessing and spam accounts, and to answer for admins' decisions",
    howLong: "counters for minutes to hours; admins' and account records as long as the account exists",
  },
] as const;

export default function Privacy({ loaderData: { retentionDays } }: Route.ComponentProps) {
  const days = `${retentionDays} ${retentionDays === 1 ? "day" : "days"}, then deleted automatically`;
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-3xl font-bold">Privacy policy</h1>
      <p className="text-lg">
        ReLaptop keeps what it needs to run a marketplace of used laptops, and nothing to sell or advertise with. We do
        not sell your data, and there are no advertising or tracking cookies.
      </p>

      <h2 className="mt-4 text-xl font-semibold">What we keep, why, and for how long</h2>
      <dl className="flex flex-col gap-1">
        {KEPT.map((item) => (
          <div key={item.what} className="mt-2">
            <dt className="font-semibold">{item.what}</dt>
            <dd>
              {item.detail}. Why: {item.why}. Kept: {item.howLong === "DAYS" ? days : item.howLong}.
            </dd>
          </div>
        ))}
      </dl>

      <h2 className="mt-4 text-xl font-semibold">Who sees it</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Everyone: your name, your adverts and photos, your seller rating and the reviews you write (with your name).
        </li>
        <li>
          The other side of an order: the seller sees the buyer's name, phone and meeting place, and the shipping
          address once the order is paid; the buyer sees the seller's name and what they write. The mobile number on an
          advert is not shown to buyers.
        </li>
        <li>
          ReLaptop's admins: what they need to review adverts, decide problems and reports, and answer for email
          delivery. What each admin does is recorded.
        </li>
      </ul>

      <h2 className="mt-4 text-xl font-semibold">Who handles it for us</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>Stripe</strong>, our payment provider, takes card payments and pays sellers. Your card number goes
          from your browser to Stripe and never reaches ReLaptop; Stripe's own privacy policy applies to it.
        </li>
        <li>
          <strong>Our email provider</strong> (the mail server the site sends through) receives each email's address,
          subject and text to deliver it.
        </li>
        <li>
          <strong>Google</strong>, only if you choose to sign in with Google.
        </li>
        <li>Our hosting, where the database and photos are stored.</li>
      </ul>

      <h2 className="mt-4 text-xl font-semibold">Your choices</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          On your{" "}
          <Link to="/profile" className="link">
            profile
          </Link>{" "}
          you can change your name and password, choose which emails you get, and see where you are signed in and sign
          out any device.
        </li>
        <li>Emails you can turn off carry a link that unsubscribes you from that kind at once.</li>
        <li>Remove favourites and saved searches whenever you like; withdraw your adverts at any time.</li>
        <li>
          "Delete my account" on your profile deletes it at once, once your orders are finished and your money paid out:
          your name, email and phone are removed, your adverts withdrawn, your favourites, saved searches and
          notifications deleted. Your messages and reviews stay for the people they were written to, from "Deleted
          user". Orders and payments are kept as sales records, as the law requires.
        </li>
        <li>
          "Download my data" on your profile prepares a ZIP of your account, adverts and their photos, orders, messages,
          reviews, favourites, saved searches and notifications; we tell you when it is ready, and the link works for
          you alone for {EXPORT_LINK_HOURS} hours.
        </li>
      </ul>
      <p>
        Cookies are explained in the{" "}
        <Link to="/cookies" className="link">
          Cookie policy
        </Link>
        ; the rules of the marketplace in the{" "}
        <Link to="/terms" className="link">
          Terms of use
        </Link>
        .
      </p>
    </article>
  );
}

export const ErrorBoundary = RouteError;
