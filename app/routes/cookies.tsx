import { Link } from "react-router";
import { DEVICE_COOKIE_DAYS } from "../../core/accounts/index.ts";
import { RouteError } from "../components/route-error.tsx";
import type { Route } from "./+types/cookies";

export const meta = () => [
  { title: "Cookie policy — ReLaptop" },
  { name: "description", content: "Every cookie ReLaptop sets, what it is for and how long it lasts." },
];

/** The device cookie's life, as core/accounts sets it (read on the server: that module is server-only). */
export const loader = () => ({ deviceCookieDays: DEVICE_COOKIE_DAYS });

/**
 * Every cookie the site sets, by name (app/lib, core/accounts, better-auth's with the "relaptop" prefix): all
 * of them needed for the site to work or to remember a choice you made. None tracks or advertises.
 */
const cookiesSet = (deviceCookieDays: number) =>
  [
    {
      name: "relaptop.session_token",
      purpose: "Keeps you signed in. Only ever sent to ReLaptop; scripts cannot read it.",
      lasts: "7 days, renewed while you use the site; ended when you sign out",
    },
    {
      name: "relaptop.dont_remember",
      purpose: "Set only when a sign-in asks not to be remembered, so that it ends with the browser.",
      lasts: "until you close the browser",
    },
    {
      name: "relaptop_device_…",
      purpose:
        "Tells our password-guessing protection that this browser signed in to an account before, so a stranger's " +
        "failed attempts do not lock you out. Its name is a code, not your email; sent only to the sign-in pages.",
      lasts: `${deviceCookieDays} days`,
    },
    {
      name: "relaptop.state",
      purpose:
        "Set only when you sign in with Google: checks that Google's answer is for the sign-in this browser started.",
      lasts: "5 minutes",
    },
    {
      name: "relaptop.better-auth-passkey",
      purpose:
        "Set only when you add a passkey or sign in with one: checks that your device's answer is to the question this browser asked.",
      lasts: "5 minutes",
    },
    {
      name: "relaptop_theme",
      purpose: "Remembers the light or dark theme you picked.",
      lasts: "1 year, or until you pick the system's theme again",
    },
    {
      name: "relaptop_tz",
      purpose: "Your time zone, so times are shown in your local time. Set only while you are signed in.",
      lasts: "1 year; removed when you sign out",
    },
    {
      name: "relaptop_toast",
      purpose: 'Carries a short message ("Your name is updated.") to the next page.',
      lasts: "until the message is shown",
    },
    {
      name: "relaptop_verify_banner",
      purpose: 'Remembers that you hid the "Please verify your email address" banner.',
      lasts: "until you close the browser or sign out",
    },
    {
      name: "relaptop_pending_favourite",
      purpose: "Remembers the laptop whose heart you pressed before signing in, to save it once you have.",
      lasts: "15 minutes",
    },
  ] as const;

export default function Cookies({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-3xl font-bold">Cookie policy</h1>
      <p className="text-lg">
        ReLaptop uses only the cookies it needs to work and to remember choices you make. There are no advertising,
        analytics or third-party tracking cookies, so there is nothing to accept or refuse.
      </p>
      <p>
        A visitor who is not signed in and has made no choice (such as a theme) gets no cookie at all. When you pay by
        card, the card form is Stripe's, and Stripe may set its own cookies to prevent fraud.
      </p>

      <h2 className="mt-4 text-xl font-semibold">Every cookie we set</h2>
      <dl className="flex flex-col gap-1">
        {cookiesSet(loaderData.deviceCookieDays).map((cookie) => (
          <div key={cookie.name} className="mt-2">
            <dt className="font-mono font-semibold">{cookie.name}</dt>
            <dd>
              {cookie.purpose} Lasts: {cookie.lasts}.
            </dd>
          </div>
        ))}
      </dl>
      <p>
        What we keep about you is in the{" "}
        <Link to="/privacy" className="link">
          Privacy policy
        </Link>
        .
      </p>
    </article>
  );
}

export const ErrorBoundary = RouteError;
