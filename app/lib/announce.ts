/** The one polite live region (rendered by the root): what a screen reader should hear without moving focus. */
export const ANNOUNCER_ID = "announcer";

/** Words set to be said in a moment (see `announce`), so `withdraw` can stop them too. */
let pending: { text: string; timer: number } | null = null;

export function announce(text: string) {
  const region = document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  // Emptied first, so the same words said twice are announced twice.
  region.textContent = "";
  if (pending) window.clearTimeout(pending.timer);
  const timer = window.setTimeout(() => {
    pending = null;
    region.textContent = text;
  }, 50);
  pending = { text, timer };
}

/**
 * Takes back words that no longer hold ("2 fields need your attention." once the form went through): the region
 * outlives pages, and a screen reader reading through the page would still find them. Anything said since stays.
 */
export function withdraw(text: string) {
  if (pending?.text === text) {
    window.clearTimeout(pending.timer);
    pending = null;
  }
  const region = document.getElementById(ANNOUNCER_ID);
  if (region?.textContent === text) region.textContent = "";
}
