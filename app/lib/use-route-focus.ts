import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * After every client-side navigation to another page, focus that page's main heading (or <main> when it has
 * none): a screen reader announces where the user arrived, and the next Tab starts at the top of the new
 * content instead of wherever the old page's focus was. Search-parameter changes (filters, pages) keep focus.
 */
export function useRouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new page (pathname), reading the DOM
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A page that already put focus somewhere on purpose (its error heading, an open dialog) keeps it.
    const active = document.activeElement;
    if (active?.matches("h1") || active?.closest("dialog[open]")) return;
    const main = document.querySelector<HTMLElement>("main");
    const target = main?.querySelector<HTMLElement>("h1") ?? main;
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname]);
}

/** `flag`, but only once it has stayed true for `ms`: a fast navigation shows no flashing overlay. */
export function useDelayedFlag(flag: boolean, ms: number) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), ms);
    return () => window.clearTimeout(timer);
  }, [flag, ms]);
  return flag && shown;
}
