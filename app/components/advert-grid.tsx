import type { ReactNode } from "react";
import type { AdvertCard as Advert } from "../../core/catalogue/index.ts";
import { RESULTS_HEADING_ID } from "../lib/use-focus-landing.ts";
import type { Hearts } from "../lib/use-personal-data.ts";
import { AdvertCards } from "./advert-card.tsx";
import { Pager } from "./pager.tsx";

/**
 * One page of adverts as cards (/allAdd, a brand's page, a seller's page): the grid, or what the page says
 * when there are none, then the keyset pager. `action` is what a card offers this visitor (Book Now).
 * `heading` names the results for screen readers where the page shows no heading above the cards (on a
 * phone the filters, and their heading, are folded away), so the cards' h3 titles never follow the h1.
 */
export function AdvertGrid({
  page,
  empty,
  action,
  hearts,
  heading,
}: {
  page: { items: Advert[]; nextCursor: string | null; prevCursor: string | null };
  hearts?: Hearts;
  empty: ReactNode;
  action?: (advert: Advert) => ReactNode;
  heading?: string;
}) {
  return (
    <>
      {heading && (
        <h2 id={RESULTS_HEADING_ID} tabIndex={-1} className="sr-only">
          {heading}
        </h2>
      )}
      {page.items.length === 0 ? empty : <AdvertCards adverts={page.items} hearts={hearts} action={action} />}
      <Pager nextCursor={page.nextCursor} prevCursor={page.prevCursor} />
    </>
  );
}
