import { MESSAGES_EVENT, type MessagesUpdate, messagesLabel } from "../../schemas/conversation-labels.ts";
import { LiveCountLink } from "./live-count-link.tsx";

/** Messages in the top bar, beside the bell: unread messages, live. */
export function MessagesLink({ unread }: { unread: number }) {
  return (
    <LiveCountLink
      to="/dashboard/messages"
      rendered={unread}
      event={MESSAGES_EVENT}
      countOf={(data) => (JSON.parse(data) as MessagesUpdate).unread}
      label={messagesLabel}
      icon="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z"
    />
  );
}
