import { useCallback, useEffect, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

/**
 * What a page calls when a live event says its data changed: the page's loaders run again — but never over
 * another load. A revalidation started while one is in flight (an action's own, after Approve or a heart)
 * cancels it, and with it the toast that answer carried (a toast is a cookie the root's loader reads once):
 * told while anything loads or submits, the page reads itself again once all is idle.
 */
export function useLiveRefresh(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted || busy) return;
    setWanted(false);
    void revalidator.revalidate();
  }, [wanted, busy, revalidator]);
  return useCallback(() => setWanted(true), []);
}
