/**
 * A search's page under its title (/allAdd, a brand's page): from `lg` up the filters are a sidebar beside the
 * results, so the first laptops show without scrolling; below, the filters fold above the results.
 */
export function ResultsLayout({ filters, children }: { filters: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-6">
      {filters}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** The title row of a search's page: its heading and what it says beside it, then "Save this search". */
export function ResultsHeader({ children, save }: { children: React.ReactNode; save?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <div className="flex flex-wrap items-baseline gap-x-4">{children}</div>
      {save}
    </div>
  );
}
