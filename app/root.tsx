import { lazy, Suspense, useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { appContext } from "#app-context";
import type { AccountSummary } from "../schemas/accounts.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { Footer } from "./components/footer.tsx";
import { LoadingScreen } from "./components/loading-screen.tsx";
import { NavBar } from "./components/nav-bar.tsx";
import { RouteError } from "./components/route-error.tsx";
import { VerifyEmailBanner } from "./components/verify-email-banner.tsx";
import { ANNOUNCER_ID } from "./lib/announce.ts";
import { readCookie } from "./lib/cookies.ts";
import { useRememberTimeZone } from "./lib/remember-time-zone.ts";
import { getUser } from "./lib/session.server.ts";
import { themeOf } from "./lib/theme.ts";
import { FORGET_TIME_ZONE, TIME_ZONE_COOKIE, timeZoneOf } from "./lib/time-zone.ts";
import { popToast } from "./lib/toast.server.ts";
import { FilledSummary, usePersonalData } from "./lib/use-personal-data.ts";
import { useDelayedFlag, useRouteFocus } from "./lib/use-route-focus.ts";
import { BANNER_COOKIE, FORGET_BANNER, showsVerifyBanner } from "./lib/verify-banner.server.ts";

const Toasts = lazy(() => import("./components/toasts.tsx"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, { toast, setCookie }] = await Promise.all([getUser(request, context), popToast(request, context)]);
  // The bell's and Messages' counts as the page is rendered; they keep them live from there (server-sent events).
  // A list page kept for every signed-in reader of its kind carries nobody's: it reads them once loaded.
  const { services, forEveryone } = context.get(appContext);
  const unread = user && !forEveryone ? await services.conversations.unreadCounts(user) : { notices: 0, messages: 0 };
  const headers = new Headers();
  if (setCookie) headers.append("set-cookie", setCookie);
  // Nobody signed in (Logout, or a session that expired or was ended elsewhere): the zone's cookie goes, and a
  // hidden verification banner's, so a visitor's requests carry none (and another account decides its own).
  if (!user && readCookie(request, TIME_ZONE_COOKIE)) headers.append("set-cookie", FORGET_TIME_ZONE);
  if (!user && readCookie(request, BANNER_COOKIE)) headers.append("set-cookie", FORGET_BANNER);
  return data(
    {
      user: user && {
        name: forEveryone ? "" : user.name,
        email: forEveryone ? "" : user.email,
        role: user.role,
        actingAsSeller: user.actingAsSeller,
        unread: unread.notices,
        unreadMessages: unread.messages,
      },
      verifyBanner: showsVerifyBanner(request, user),
      toast,
      theme: themeOf(request),
      timeZone: timeZoneOf(request),
      forEveryone,
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  // No data-theme ("system", or an error page without the root's data): the CSS follows the system preference.
  const theme = useRootData()?.theme;
  return (
    <html lang="en" data-theme={theme === "light" || theme === "dark" ? theme : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* No nonce on links: the CSP takes this site's stylesheets and modules without one, and the browser may
            hide a nonce before React compares it (a hydration mismatch, reported in development). "" stops
            React Router from adding the page's. */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen flex flex-col bg-base-100 text-base-content">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export type RootData = Route.ComponentProps["loaderData"];
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export default function App({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  useRouteFocus();
  const summary = usePersonalData(loaderData.forEveryone);
  const user = summary && loaderData.user ? withSummary(loaderData.user, summary) : loaderData.user;
  useRememberTimeZone(Boolean(loaderData.user));
  // Only a slow navigation shows the overlay; a fast one (~100 ms) would just flash it.
  const slow = useDelayedFlag(navigation.state === "loading" || navigation.formAction === "/account/mode", 300);
  const pending = loaderData.toast;
  // The toasts' module is loaded with the first toast (after hydration: the server renders none), and stays.
  // The latest toast is kept until shown: the page's data may be read again (without it) while that loads.
  const [latest, setLatest] = useState<typeof pending>(null);
  useEffect(() => {
    if (pending) setLatest(pending);
  }, [pending]);
  return (
    <>
      <a
        href="#main"
        className="btn btn-primary sr-only z-50 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4"
      >
        Skip to content
      </a>
      <NavBar user={user} theme={loaderData.theme} />
      {/* Not on the page the emailed link opens: it says itself whether the address is verified. */}
      {loaderData.verifyBanner && location.pathname !== "/verify-email" && <VerifyEmailBanner />}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* Toasts need JavaScript: without it, what one would say is a line at the top of the page. */}
        {pending && (
          <noscript>
            <div className="mx-auto max-w-7xl px-4 pt-4">
              <p className={`alert ${pending.type === "success" ? "alert-success" : "alert-error"}`}>
                {pending.message}
              </p>
            </div>
          </noscript>
        )}
        <FilledSummary value={summary}>
          <Outlet />
        </FilledSummary>
      </main>
      <Footer />
      <div id={ANNOUNCER_ID} role="status" aria-live="polite" className="sr-only" />
      {slow && <LoadingScreen overlay />}
      {latest && (
        <Suspense>
          <Toasts pending={latest} />
        </Suspense>
      )}
    </>
  );
}

/** The top bar's person: the kept page's nameless one, with what the page has read of them once loaded. */
const withSummary = (user: NonNullable<RootData["user"]>, summary: AccountSummary) => ({
  ...user,
  name: summary.name,
  email: summary.email,
  unread: summary.unread.notices,
  unreadMessages: summary.unread.messages,
});

export function meta() {
  return [
    { title: "ReLaptop — buy and sell used laptops" },
    { name: "description", content: "Used laptops from verified sellers, with delivery and 100% buyer protection." },
  ];
}

/** Errors no page caught: the root's own loader failed, or a page without a boundary threw. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  // A missing page still has the site around it; after a failure the signed-in state may be unknown.
  const keepsNavBar = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      {keepsNavBar && <NavBar user={root?.user ?? null} theme={root?.theme ?? "system"} />}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <RouteError error={error} />
      </main>
      {keepsNavBar && <Footer />}
    </>
  );
}
