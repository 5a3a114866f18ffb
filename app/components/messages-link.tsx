import { useEffect, useState } from "react";
import { Link } from "react-router";
import { MESSAGES_EVENT, type MessagesUpdate, messagesLabel } from "../../schemas/conversation-labels.ts";
import { useLiveEvent } from "../lib/live-events.ts";

/** Messages in the top bar, beside the bell: unread messages from the page's loader, then live. */
export function MessagesLink({ unread: rendered }: { unread: number }) {
  const [unread, setUnread] = useState(rendered);
  useEffect(() => setUnread(rendered), [rendered]);
  useLiveEvent(MESSAGES_EVENT, (data) => setUnread((JSON.parse(data) as MessagesUpdate).unread));
  return (
    <Link
      to="/dashboard/messages"
      aria-label={messagesLabel(unread)}
      className="btn btn-ghost btn-circle btn-sm sm:btn-md relative"
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor">
        <path
          d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z"
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
