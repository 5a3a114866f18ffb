import { useEffect, useState } from "react";
import { Link } from "react-router";
import { bellLabel, UNREAD_EVENT } from "../../schemas/notification-labels.ts";
import { useLiveEvent } from "../lib/live-events.ts";

/**
 * The bell in the top bar: the unread count from the page's loader, then live from the tab's event stream
 * (app/lib/live-events.ts).
 */
export function NotificationBell({ unread: rendered }: { unread: number }) {
  const [unread, setUnread] = useState(rendered);
  // A loader that ran again (after marking all read, say) knows the count too.
  useEffect(() => setUnread(rendered), [rendered]);
  useLiveEvent(UNREAD_EVENT, (data) => setUnread(Number(data)));
  return (
    <Link
      to="/dashboard/notifications"
      aria-label={bellLabel(unread)}
      className="btn btn-ghost btn-circle btn-sm sm:btn-md relative"
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor">
        <path
          d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 && (
        <span className="badge badge-sm badge-primary absolute -top-1 -right-1 px-1.5" aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
