import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { appContext } from "#app-context";
import { canBuy, isActingSeller, isAdmin } from "../../../schemas/roles.ts";
import { type AdminToDo, gatherToDo, TO_DO } from "../../../schemas/to-do.ts";
import { RouteError } from "../../components/route-error.tsx";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const admin = isAdmin(user);
  const toDo = admin ? await gatherToDo(context.get(appContext).services, user) : null;
  return {
    email: user.email,
    admin,
    seller: isActingSeller(user),
    buyer: canBuy(user),
    // Admins' entries say how many wait: held adverts and reports, disputes, failed emails (schemas/to-do.ts).
    waiting: toDo?.role === "admin" ? toDo.counts : null,
  };
}

const item = ({ isActive }: { isActive: boolean }) => (isActive ? "menu-active" : "");

type Menu = Route.ComponentProps["loaderData"];

export default function DashboardLayout({ loaderData: menu }: Route.ComponentProps) {
  return (
    <DashboardFrame menu={menu}>
      <Outlet />
    </DashboardFrame>
  );
}

/**
 * A dashboard page that fails (a missing order, a refused page) says so in the dashboard, beside the side
 * menu. Without the menu (this layout's own loader failed) it is a plain error page.
 */
export function ErrorBoundary({ error, loaderData: menu }: Route.ErrorBoundaryProps) {
  if (!menu) return <RouteError error={error} />;
  return (
    <DashboardFrame menu={menu}>
      <RouteError error={error} />
    </DashboardFrame>
  );
}

/**
 * On small screens the side menu is a drawer behind a real button (named, visible, focusable): opening it moves
 * focus to its first entry; a choice, Escape or a tap beside it closes it, Escape and the tap with focus back on
 * the button. daisyUI's drawer is driven by its checkbox, which here only mirrors the state (never focused).
 * Without JavaScript the button is gone and the entries show above the page (`noscript:`).
 */
function useDrawer() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const { key } = useLocation();
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a choice (a new location key) closes it
  useEffect(() => setOpen(false), [key]);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("a")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);
  return { open, toggle: () => setOpen((o) => !o), close, button, panel };
}

function DashboardFrame({ menu, children }: { menu: Menu; children: ReactNode }) {
  const drawer = useDrawer();
  return (
    <div className="drawer lg:drawer-open mx-auto max-w-7xl">
      <input
        type="checkbox"
        className="drawer-toggle"
        checked={drawer.open}
        readOnly
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content p-4 lg:p-6">
        <button
          ref={drawer.button}
          type="button"
          className="btn btn-sm btn-outline mb-4 lg:hidden noscript:hidden"
          aria-expanded={drawer.open}
          aria-controls="dashboard-menu"
          onClick={drawer.toggle}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 5h7v7H4zM13 5h7v7h-7zM4 14h7v5H4zM13 14h7v5h-7z" fill="currentColor" />
          </svg>
          Dashboard menu
        </button>
        {/* Without JavaScript the drawer cannot open: on small screens the entries show above the page instead. */}
        <nav aria-label="Dashboard" className="hidden noscript:max-lg:block">
          <ul className="menu menu-horizontal mb-4 w-full gap-1 rounded-box bg-base-200 p-2">
            <MenuEntries menu={menu} />
          </ul>
        </nav>
        {children}
      </div>
      <div className="drawer-side z-30">
        {/* For pointers only (keyboards have Escape): a tap beside the open drawer closes it. */}
        <button
          type="button"
          className="drawer-overlay"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => drawer.close(true)}
        />
        <nav id="dashboard-menu" ref={drawer.panel} aria-label="Dashboard">
          <ul className="menu min-h-full w-64 gap-1 bg-base-200 p-4">
            <MenuEntries menu={menu} />
          </ul>
        </nav>
      </div>
    </div>
  );
}

/**
 * The side menu's entries, in the spec's order, for the roles the server says the person has: the buyer's,
 * the seller's, the admin's, then everyone's.
 */
type Entry = readonly [to: string, label: string, badges?: Badge[]];

/** How many wait behind an entry: the number shown, and what a screen reader hears ("Held adverts, 3 waiting"). */
interface Badge {
  count: number;
  spoken: string;
  tone: string;
}

/** The admins' counts as badges: each named as on the dashboard's home (Disputes' as it always was: "2 open"). */
function adminBadges(waiting: AdminToDo | null) {
  const badge = (key: keyof AdminToDo, tone = "badge-warning"): Badge[] => {
    const count = waiting?.[key] ?? 0;
    return count > 0 ? [{ count, spoken: `${TO_DO.admin[key].label}, ${count} waiting`, tone }] : [];
  };
  const disputes = waiting?.openDisputes ?? 0;
  return {
    reported: [...badge("heldAdverts"), ...badge("openReports")],
    proofs: badge("proofPhotos"),
    disputes: disputes > 0 ? [{ count: disputes, spoken: `${disputes} open`, tone: "badge-warning" }] : [],
    emails: badge("failedEmails", "badge-error"),
  };
}

function menuEntries(menu: Menu): Entry[] {
  const badges = adminBadges(menu.waiting);
  return [
    ...(menu.buyer
      ? ([
          ["/dashboard/my/orders", "My Orders"],
          ["/dashboard/favourites", "Favourites"],
        ] satisfies Entry[])
      : []),
    ...(menu.seller
      ? ([
          [`/dashboard/adds/${encodeURIComponent(menu.email)}`, "My Products"],
          ["/dashboard/sales", "My Sales"],
          ["/dashboard/payouts", "Payouts"],
          ["/dashboard/post/add", "Add A Product"],
        ] satisfies Entry[])
      : []),
    ...(menu.admin
      ? ([
          ["/dashboard/add/brand", "Add Brand"],
          ["/dashboard/all/brands", "All Brands"],
          ["/dashboard/all/seller", "All Sellers"],
          ["/dashboard/all/buyers", "All Buyers"],
          ["/dashboard/reported-items", "Reported Items", badges.reported],
          ["/dashboard/stolen-serials", "Stolen serials"],
          ["/dashboard/proof-photos", "Proof photos", badges.proofs],
          ["/dashboard/disputes", "Disputes", badges.disputes],
          ["/dashboard/finance", "Finance"],
          ["/dashboard/email-delivery", "Email delivery", badges.emails],
          ["/dashboard/admin-log", "Admin activity"],
        ] satisfies Entry[])
      : []),
    ["/dashboard/notifications", "Notifications"],
    ["/dashboard/saved-searches", "Saved searches"],
    ["/dashboard/messages", "Messages"],
  ];
}

function MenuEntries({ menu }: { menu: Menu }) {
  return menuEntries(menu).map(([to, label, badges = []]) => (
    <li key={to}>
      <NavLink to={to} className={item}>
        {label}
        {badges.map((b) => (
          <span key={b.spoken} className={`badge badge-sm ${b.tone}`}>
            <span aria-hidden="true">{b.count}</span>
            <span className="sr-only"> {b.spoken}</span>
          </span>
        ))}
      </NavLink>
    </li>
  ));
}
