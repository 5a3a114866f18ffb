import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useMatches, useRevalidator } from "react-router";
import type { AccountSummary } from "../../schemas/accounts.ts";

/** Who is looking, for the hearts of a page: loaders build it with `heartsFor` (app/lib/favourites.server.ts). */
export type Hearts =
  | { mode: "visitor" }
  | { mode: "buyer"; saved: string[]; own?: string[] }
  | { mode: "none" }
  // A page kept for every buyer (decision 10): no heart until the page has read this one's (FilledSummary).
  | { mode: "later"; ids: string[] };

/** The person's part a kept page has filled in (null until then, and on every other page). */
export const FilledSummary = createContext<AccountSummary | null>(null);
export const useFilledSummary = () => useContext(FilledSummary);
export const useFilledHearts = () => useFilledSummary()?.hearts ?? null;

/** The laptops whose hearts the page's loaders left for later (`heartsFor`, app/lib/favourites.server.ts). */
const heartsLeftFor = (matches: ReturnType<typeof useMatches>) =>
  matches.flatMap((match) => {
    const hearts = (match.loaderData as { hearts?: Hearts } | undefined)?.hearts;
    return hearts?.mode === "later" ? hearts.ids : [];
  });

/**
 * A catalogue page kept for every signed-in reader of its kind (decision 10) carries nobody's name, counts,
 * hearts or bookings: once it has loaded, one small read (`GET /api/me/summary`) brings this person's, once
 * per page served that way. Should that fail (the session ended meanwhile), the page's data is read again,
 * which says what is so. Every other page's data is the person's own already: null.
 */
export function usePersonalData(forEveryone: boolean): AccountSummary | null {
  const matches = useMatches();
  const { revalidate } = useRevalidator();
  const [summary, setSummary] = useState<AccountSummary | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!forEveryone || asked.current) return;
    asked.current = true;
    const ids = heartsLeftFor(matches);
    fetch(`/api/me/summary${ids.length ? `?advertIds=${ids.join(",")}` : ""}`)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then(setSummary)
      .catch(() => void revalidate());
  }, [forEveryone, matches, revalidate]);
  return forEveryone ? summary : null;
}
