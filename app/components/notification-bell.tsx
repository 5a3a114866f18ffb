import { bellLabel, UNREAD_EVENT } from "../../schemas/notification-labels.ts";
import { LiveCountLink } from "./live-count-link.tsx";

/** The bell in the top bar: unread notifications, live. */
export function NotificationBell({ unread }: { unread: number }) {
  return (
    <LiveCountLink
      to="/dashboard/notifications"
      rendered={unread}
      event={UNREAD_EVENT}
      countOf={Number}
      label={bellLabel}
      icon="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
    />
  );
}
