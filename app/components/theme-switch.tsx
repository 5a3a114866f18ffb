import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Theme } from "../lib/theme.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useMediaQuery } from "../lib/use-media-query.ts";

/**
 * Dark theme on or off. Until someone chooses, the page follows the system (and the switch shows what the
 * system chose); the choice is kept in a cookie by routes/theme.tsx. Without JavaScript it is a plain form.
 */
export function ThemeSwitch({ theme }: { theme: Theme }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const systemDark = useMediaQuery("(prefers-color-scheme: dark)");
  const pending = fetcher.formData?.get("theme");
  const chosen = pending === "light" || pending === "dark" ? pending : theme;
  const dark = chosen === "dark" || (chosen === "system" && systemDark);

  // While the answer travels, the page already wears the new theme.
  useEffect(() => {
    if (pending === "light" || pending === "dark") document.documentElement.dataset.theme = pending;
  }, [pending]);

  return (
    <fetcher.Form method="post" action="/theme">
      <input type="hidden" name="theme" value={dark ? "light" : "dark"} />
      {!hydrated && <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />}
      <button type="submit" role="switch" aria-checked={dark} className="btn btn-ghost btn-square" title="Dark theme">
        <span className="sr-only">Dark theme</span>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor">
          {dark ? (
            <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" strokeWidth="2" strokeLinejoin="round" />
          ) : (
            <path
              d="M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10ZM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4"
              strokeWidth="2"
              strokeLinecap="round"
            />
          )}
        </svg>
      </button>
    </fetcher.Form>
  );
}
