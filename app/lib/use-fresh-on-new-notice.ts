import { useRef } from "react";
import { UNREAD_EVENT } from "../../schemas/notification-labels.ts";
import { useRootData } from "../root.tsx";
import { lastLiveData, useLiveEvent } from "./live-events.ts";
import { useLiveRefresh } from "./use-live-refresh.ts";

/**
 * The page reads itself again when the person's own unread count rises on the tab's stream: a new notice, for
 * the Notifications list itself, or for Favourites what changes a saved laptop for its saver (a price drop, a
 * sale, back on sale: core/favourites/saver-alerts.ts). Only this person's own count, nothing anyone else did; a count that falls
 * (notices read) changes nothing. Rows keep their keys, so the focus stays where it was.
 */
export function useFreshOnNewNotice() {
  const refresh = useLiveRefresh();
  const rendered = useRootData()?.user?.unread;
  // The stream's own last count first: the root's may be older (a notice read since, on a client-side visit).
  const streamed = lastLiveData(UNREAD_EVENT);
  const seen = useRef(streamed === undefined ? rendered : Number(streamed));
  useLiveEvent(UNREAD_EVENT, (data) => {
    const unread = Number(data);
    if (seen.current === undefined || unread > seen.current) refresh();
    seen.current = unread;
  });
}
