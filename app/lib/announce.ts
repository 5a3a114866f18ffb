/** The one polite live region (rendered by the root): what a screen reader should hear without moving focus. */
export const ANNOUNCER_ID = "announcer";

export function announce(text: string) {
  const region = document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  // Emptied first, so the same words said twice are announced twice.
  region.textContent = "";
  window.setTimeout(() => {
    region.textContent = text;
  }, 50);
}
