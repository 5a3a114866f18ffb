import { useEffect, useState } from "react";
import { Link } from "react-router";
import { bellLabel, NOTIFICATIONS_STREAM, UNREAD_EVENT } from "../../schemas/notification-labels.ts";

/** After the server refused the stream (signed out, a restart), try again this much later. */
const RECONNECT_MS = 10_000;

/**
 * The bell in the top bar: the unread count from the page's loader, then live from the server's
 * events (server/api/notification-stream.ts). EventSource reconnects by itself after a network error;
 * a refused or closed stream is opened again after a pause.
 */
export function NotificationBell({ unread: rendered }: { unread: number }) {
  const [unread, setUnread] = useState(rendered);
  // A loader that ran again (after marking all read, say) knows the count too.
  useEffect(() => setUnread(rendered), [rendered]);
  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      source = new EventSource(NOTIFICATIONS_STREAM);
      source.addEventListener(UNREAD_EVENT, (event) => setUnread(Number((event as MessageEvent<string>).data)));
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, []);
  return (
    <Link to="/dashboard/notifications" aria-label={bellLabel(unread)} className="btn btn-ghost btn-circle relative">
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
