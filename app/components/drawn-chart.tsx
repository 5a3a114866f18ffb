/**
 * A chart the loader drew (app/lib/sales-chart.server.tsx), inserted as it is: the page ships no script for it.
 * Safe because the markup is React's own rendering of numbers and dates — no text anyone typed is in it.
 */
export function DrawnChart({ markup, className }: { markup: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own static rendering of numbers and dates (see above)
  return <div className={className} dangerouslySetInnerHTML={{ __html: markup }} />;
}
