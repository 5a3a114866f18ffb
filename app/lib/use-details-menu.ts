import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A <details> drop-down that behaves like a menu people expect: it closes once something in it is chosen,
 * on Escape (focus back on its button) and on a click or tap outside it, and after every navigation. What it
 * returns is the <details>'s own props: `<details {...menu}>`.
 */
export function useDetailsMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const close = useCallback((refocus: boolean) => {
    const details = ref.current;
    if (!details?.open) return;
    details.open = false;
    if (refocus) details.querySelector("summary")?.focus();
  }, []);

  // Closes after each navigation (a new location key) — not when the page first hydrates: a menu opened by a
  // tap while the page was still loading (a <details> opens without JavaScript) stays open.
  const shownAt = useRef(key);
  useEffect(() => {
    if (shownAt.current === key) return;
    shownAt.current = key;
    close(false);
  }, [key, close]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [close]);

  return {
    ref,
    onKeyDown(event: React.KeyboardEvent) {
      if (event.key !== "Escape" || !ref.current?.open) return;
      event.preventDefault();
      close(true);
    },
    /** Tabbing out of it closes it too: an open menu should not sit over the page behind the keyboard user. */
    onBlur(event: React.FocusEvent) {
      if (!ref.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget) close(false);
    },
    /** A link or button chosen inside: close once its own click (a navigation, a form submit) has run. */
    onClick(event: React.MouseEvent) {
      const chosen = (event.target as Element).closest("a, button");
      if (chosen && ref.current?.querySelector("ul")?.contains(chosen)) window.setTimeout(() => close(false), 0);
    },
  };
}
