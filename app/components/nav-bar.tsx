import { Link, NavLink } from "react-router";
import { isActingSeller } from "../../schemas/roles.ts";
import type { Theme } from "../lib/theme.ts";
import { useDetailsMenu } from "../lib/use-details-menu.ts";
import { SearchStrip } from "./search-strip.tsx";
import { LiveCounts, type NavUser, UserMenu } from "./signed-in-bar.tsx";
import { ThemeSwitch } from "./theme-switch.tsx";

const POST_ADD = "/dashboard/post/add";

// The current page wears daisyUI's menu highlight (through aria-current); bold tells it apart without colour.
const link = ({ isActive }: { isActive: boolean }) => (isActive ? "font-semibold" : "");

/**
 * The site's pages, as a menu list: in the drop-down on small screens, across the bar on large ones. The
 * drop-down also holds Post Add for sellers, whose button the bar shows on large screens only.
 */
function NavLinks({ user, className, inMenu = false }: { user: NavUser | null; className: string; inMenu?: boolean }) {
  return (
    <ul className={className}>
      {inMenu && user && isActingSeller(user) && (
        <li>
          <NavLink to={POST_ADD} className={link}>
            Post Add
          </NavLink>
        </li>
      )}
      <li>
        <NavLink to="/allAdd" className={link}>
          All Adds
        </NavLink>
      </li>
      {!user && (
        <li>
          <NavLink to="/register/seller" className={link}>
            Be Seller
          </NavLink>
        </li>
      )}
      {user && (
        <li>
          <NavLink to="/dashboard" className={link}>
            Dashboard
          </NavLink>
        </li>
      )}
      {!user && (
        <li>
          <NavLink to="/login" className={link}>
            Login
          </NavLink>
        </li>
      )}
      <li>
        <NavLink to="/blogs" className={link}>
          Blogs
        </NavLink>
      </li>
    </ul>
  );
}

export function NavBar({ user, theme }: { user: NavUser | null; theme: Theme }) {
  const menu = useDetailsMenu();
  const postAdvertTarget = user && isActingSeller(user) ? POST_ADD : "/register/seller";
  return (
    <header className="border-b border-base-300 bg-base-100">
      <nav className="navbar mx-auto max-w-7xl gap-2 px-4" aria-label="Main">
        <div className="navbar-start gap-1">
          <details {...menu} className="dropdown lg:hidden">
            <summary className="btn btn-ghost btn-square" aria-label="Open menu">
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
              </svg>
            </summary>
            <NavLinks
              user={user}
              inMenu
              className="menu dropdown-content z-40 mt-2 w-52 rounded-box bg-base-100 p-2 shadow"
            />
          </details>
          <Link to="/" className="brand-logo text-2xl font-extrabold text-primary">
            ReLaptop
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <NavLinks user={user} className="menu menu-horizontal gap-1" />
        </div>
        <div className="navbar-end gap-1 sm:gap-2">
          <Link to={postAdvertTarget} className="btn btn-primary hidden lg:inline-flex">
            Post Add
          </Link>
          {user && <LiveCounts user={user} />}
          <ThemeSwitch theme={theme} />
          {user && <UserMenu user={user} />}
        </div>
      </nav>
      <SearchStrip />
    </header>
  );
}
