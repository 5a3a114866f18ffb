import { useEffect, useRef } from "react";

/** The results' heading of a page of cards (AdvertGrid), where focus lands after paging or a filter's removal. */
export const RESULTS_HEADING_ID = "results";

/*
 * When an action replaces or removes the control that had focus (Book Now becomes "Booked", a deleted row
 * goes), the browser drops focus to <body> and a keyboard or screen-reader user must start again from the top.
 * These hooks put it somewhere meaningful instead; a control that is only busy should not be `disabled` (that
 * drops focus too) but `aria-disabled` (see `busyButton`).
 */

const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** Focus on an element, made focusable by script if it is not (a heading). */
export function land(element: HTMLElement | null | undefined) {
  if (!element) return;
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus();
}

/** A ref for what takes focus when `state` changes (the new status) if focus was lost on the way. */
export function useFocusLanding<T extends HTMLElement>(state: unknown) {
  const ref = useRef<T>(null);
  const previous = useRef(state);
  useEffect(() => {
    if (Object.is(previous.current, state)) return;
    previous.current = state;
    if (focusLost()) land(ref.current);
  }, [state]);
  return ref;
}

/** The page's main heading: where focus goes when a list's last row goes. */
export const mainHeading = () => document.querySelector<HTMLElement>("main h1");

/** A page of cards' results heading (AdvertGrid's, screen-reader only), else the page's main heading. */
export const resultsHeading = () => document.getElementById(RESULTS_HEADING_ID) ?? mainHeading();

/**
 * For a list whose rows can disappear: when a row that held focus goes, focus moves to the row now in its place
 * (the next one, else the new last one), or to `empty()` when none is left. Spread the result on the list.
 */
export function useListFocus<T extends HTMLElement>(count: number, empty: () => HTMLElement | null) {
  const ref = useRef<T>(null);
  const lastIndex = useRef(-1);
  const previous = useRef(count);
  useEffect(() => {
    if (previous.current === count) return;
    const shrank = count < previous.current;
    previous.current = count;
    if (!shrank || !focusLost() || lastIndex.current < 0) return;
    const rows = ref.current?.children;
    const row = rows?.[Math.min(lastIndex.current, rows.length - 1)] as HTMLElement | undefined;
    land(row ? (row.querySelector<HTMLElement>("a[href], button:not([disabled])") ?? row) : empty());
  }, [count, empty]);
  return {
    ref,
    onFocus(event: React.FocusEvent<T>) {
      const rows = Array.from(ref.current?.children ?? []);
      lastIndex.current = rows.findIndex((row) => row.contains(event.target));
    },
  };
}

/** A busy button stays focusable and says it is unavailable; its click is ignored until the work is done. */
export function busyButton(busy: boolean, onClick: () => void) {
  return {
    "aria-disabled": busy || undefined,
    onClick: () => {
      if (!busy) onClick();
    },
  };
}

/** A busy submit button: it keeps focus (a `disabled` one drops it to the page) and sends nothing until done. */
export function busySubmit(busy: boolean) {
  return {
    "aria-disabled": busy || undefined,
    onClick: (event: React.MouseEvent) => {
      if (busy) event.preventDefault();
    },
  };
}
