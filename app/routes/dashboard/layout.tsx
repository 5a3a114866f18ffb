import type { ReactNode } from "react";
import { NavLink, Outlet } from "react-router";
import { canBuy, isActingSeller, isAdmin } from "../../../schemas/roles.ts";
import { RouteError } from "../../components/route-error.tsx";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return {
    email: user.email,
    admin: isAdmin(user),
    seller: isActingSeller(user),
    buyer: canBuy(user),
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

function DashboardFrame({ menu, children }: { menu: Menu; children: ReactNode }) {
  return (
    <div className="drawer lg:drawer-open mx-auto max-w-7xl">
      <input id="dashboard-drawer" type="checkbox" className="drawer-toggle" aria-label="Dashboard menu" />
      <div className="drawer-content p-4 lg:p-6">{children}</div>
      <div className="drawer-side z-30">
        {/* Named by its text: a label may not carry aria-label (axe: aria-prohibited-attr). */}
        <label htmlFor="dashboard-drawer" className="drawer-overlay">
          <span className="sr-only">Close dashboard menu</span>
        </label>
        <nav aria-label="Dashboard">
          <ul className="menu min-h-full w-64 gap-1 bg-base-200 p-4">
            {menu.buyer && (
              <li>
                <NavLink to="/dashboard/my/orders" className={item}>
                  My Orders
                </NavLink>
              </li>
            )}
            {menu.buyer && (
              <li>
                <NavLink to="/dashboard/favourites" className={item}>
                  Favourites
                </NavLink>
              </li>
            )}
            {menu.seller && (
              <>
                <li>
                  <NavLink to={`/dashboard/adds/${encodeURIComponent(menu.email)}`} className={item}>
                    My Products
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/dashboard/post/add" className={item}>
                    Add A Product
                  </NavLink>
                </li>
              </>
            )}
            {menu.admin && (
              <>
                <li>
                  <NavLink to="/dashboard/add/brand" className={item}>
                    Add Brand
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/dashboard/all/brands" className={item}>
                    All Brands
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/dashboard/all/seller" className={item}>
                    All Sellers
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/dashboard/all/buyers" className={item}>
                    All Buyers
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/dashboard/reported-items" className={item}>
                    Reported Items
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/dashboard/email-delivery" className={item}>
                    Email delivery
                  </NavLink>
                </li>
              </>
            )}
            {/* Everyone signed in: after the spec's own entries. */}
            <li>
              <NavLink to="/dashboard/notifications" className={item}>
                Notifications
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/saved-searches" className={item}>
                Saved searches
              </NavLink>
            </li>
            <li>
              <NavLink to="/dashboard/messages" className={item}>
                Messages
              </NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
