import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * A catalogue list page kept for every signed-in reader of its kind (server/http/public-cache.ts) carries
 * nobody's name, counts or hearts: as soon as it has loaded, its data is read again — React Router's page
 * data, always the person's own — and those fill in. Once per page served that way.
 */
export function usePersonalData(forEveryone: boolean) {
  const { revalidate } = useRevalidator();
  const asked = useRef(false);
  useEffect(() => {
    if (!forEveryone || asked.current) return;
    asked.current = true;
    void revalidate();
  }, [forEveryone, revalidate]);
}
