/** A click that follows a link in this tab: the main button, no modifier (which would open a tab or window). */
export const plainClick = (event: React.MouseEvent) =>
  event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
