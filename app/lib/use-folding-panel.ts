import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { plainClick } from "./plain-click.ts";
import { RESULTS_HEADING_ID } from "./use-focus-landing.ts";

/**
 * A search form that folds behind a button on phones (where the button shows: its `offsetParent`): it opens
 * by itself when `invalid` (a filter's message is to be read), the button's first press puts focus on the
 * first control, Escape folds it back to the button, and a search started inside it folds it once loaded,
 * focus going to the results. A new search draws the form again (its key): the control that had focus gets
 * it back, as it would have kept it in a form left in place.
 */
export function useFoldingPanel(invalid: boolean) {
  const location = useLocation();
  const [open, setOpen] = useState(invalid);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFormElement>(null);
  const focusFirst = useRef(false);
  const focusResults = useRef(false);
  /** A search was started from the open panel on a phone (Apply filters, a price range, Clear). */
  const searching = useRef(false);
  /** The control that has focus in the panel (its name or focus key), so a new search can give it back. */
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (invalid) setOpen(true);
  }, [invalid]);
  useEffect(() => {
    // Opened from the button: the first filter takes focus, so keyboard users are inside what opened.
    if (open && focusFirst.current) panel.current?.querySelector<HTMLElement>("input, select")?.focus();
    // Folded after a search: the results' heading, once the panel no longer pushes it down the page.
    if (!open && focusResults.current) (document.getElementById(RESULTS_HEADING_ID) ?? toggle.current)?.focus();
    focusFirst.current = false;
    focusResults.current = false;
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the search's page has loaded (a new location key)
  useEffect(() => {
    if (!searching.current) {
      // The panel was drawn again for the new search (its key): the control that had focus (Apply filters,
      // Words after Enter, a price range) gets it back, as it would have kept it in a panel left in place.
      const active = document.activeElement;
      if (focused.current && (!active || active === document.body)) {
        panel.current
          ?.querySelector<HTMLElement>(`[name="${focused.current}"], [data-focus-key="${focused.current}"]`)
          ?.focus();
      }
      return;
    }
    searching.current = false;
    // A filter the search could not use keeps the panel open, its message under it.
    if (invalid) return;
    // The results are what was asked for. Focus goes to them (rather than to <body>, as the control that had it
    // folds away), unless the person has already moved on while the search loaded.
    const active = document.activeElement;
    focusResults.current = !active || active === document.body || Boolean(panel.current?.contains(active));
    setOpen(false);
  }, [location.key]);
  /** On a phone (where the toggle shows), a search started inside the panel folds it once loaded. */
  const foldAfterSearch = () => {
    if (open && toggle.current?.offsetParent) searching.current = true;
  };
  return {
    open,
    /** The button's ref and press. */
    toggle: {
      ref: toggle,
      onClick: () => {
        focusFirst.current = !open;
        setOpen(!open);
      },
    },
    /** The form's ref and the events it listens to. */
    panel: {
      ref: panel,
      onSubmit: foldAfterSearch,
      onClick: (e: React.MouseEvent<HTMLFormElement>) => {
        // A plain click on a price range or Clear searches in this tab; one opening a new tab does not.
        if (plainClick(e) && (e.target as Element).closest("a[href]")) foldAfterSearch();
      },
      onFocus: (e: React.FocusEvent<HTMLFormElement>) => {
        focused.current = e.target.getAttribute("name") ?? e.target.getAttribute("data-focus-key");
      },
      onBlur: (e: React.FocusEvent<HTMLFormElement>) => {
        // Gone elsewhere on the page: nothing to give back. (A control removed with the old panel fires no blur.)
        if (!e.currentTarget.contains(e.relatedTarget)) focused.current = null;
      },
      onKeyDown: (e: React.KeyboardEvent<HTMLFormElement>) => {
        // Escape folds the panel back on phones (where the button shows) and returns to the button.
        if (e.key !== "Escape" || !toggle.current?.offsetParent) return;
        setOpen(false);
        toggle.current.focus();
      },
    },
  };
}
