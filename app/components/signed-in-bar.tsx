import { Form, Link } from "react-router";
import { isSeller, type Role } from "../../schemas/roles.ts";
import { useDetailsMenu } from "../lib/use-details-menu.ts";
import { MessagesLink } from "./messages-link.tsx";
import { NotificationBell } from "./notification-bell.tsx";

/** The signed-in person the top bar is for, as the page was rendered. */
export interface NavUser {
  name: string;
  email: string;
  role: Role;
  actingAsSeller: boolean;
  /** Unread notifications when the page was rendered (the bell keeps it live). */
  unread: number;
  /** Unread messages when the page was rendered (kept live the same way). */
  unreadMessages: number;
}

/** The top bar's live counts: unread messages and notifications. */
export function LiveCounts({ user }: { user: NavUser }) {
  return (
    <>
      <MessagesLink unread={user.unreadMessages} />
      <NotificationBell unread={user.unread} />
    </>
  );
}

/** The account menu: Profile, the Seller/User switch for sellers, Logout. */
export function UserMenu({ user }: { user: NavUser }) {
  // Nameless on a list page kept for every reader of its kind, until it reads the person's (root.tsx). The button
  // keeps one width from "Account" to the name, so that nothing in the bar moves when the name comes (CLS).
  const label = user.name || user.email;
  const menu = useDetailsMenu();
  return (
    <details {...menu} className="dropdown dropdown-end">
      <summary
        className="btn btn-ghost max-w-48 truncate px-2 normal-case sm:w-40 sm:px-4"
        aria-label={label ? `Account menu for ${label}` : "Account menu"}
      >
        {/* On phones an icon, so that Messages and the bell fit beside the logo; the name is still its name. */}
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          className="sm:hidden"
        >
          <path d="M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="sr-only sm:not-sr-only">{label || "Account"}</span>
      </summary>
      <ul className="menu dropdown-content z-40 mt-2 w-48 rounded-box bg-base-100 p-2 shadow">
        {/* On a phone the button is an icon: the menu says whose account it is. */}
        <li className="menu-title truncate sm:hidden">{label || "Account"}</li>
        <li>
          <Link to="/profile">Profile</Link>
        </li>
        {isSeller(user) && (
          <>
            <li className="menu-title">{user.actingAsSeller ? "Seller" : "User"}</li>
            <li>
              <Form method="post" action="/account/mode" className="p-0">
                <input type="hidden" name="mode" value={user.actingAsSeller ? "user" : "seller"} />
                <button
                  type="submit"
                  className="w-full px-3 py-1.5 text-left"
                  aria-label={`Switch to ${user.actingAsSeller ? "User" : "Seller"}`}
                >
                  {user.actingAsSeller ? "User" : "Seller"}
                </button>
              </Form>
            </li>
          </>
        )}
        <li>
          <Form method="post" action="/logout" className="p-0">
            <button type="submit" className="w-full px-3 py-1.5 text-left">
              Logout
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
