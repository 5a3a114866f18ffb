import { useEffect, useState } from "react";

/** Whether a CSS media query matches, kept current (false on the server and before hydration). */
export function useMediaQuery(media: string) {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(media);
    setMatches(query.matches);
    const change = () => setMatches(query.matches);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, [media]);
  return matches;
}
