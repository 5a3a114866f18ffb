import { data } from "react-router";
import { appContext } from "#app-context";
import { CATALOGUE_MESSAGES, MESSAGES } from "../../schemas/messages.ts";
import { idFromPath } from "../../schemas/params.ts";
import { parseSearchWithErrors } from "../../schemas/search.ts";
import { AdvertGrid } from "../components/advert-grid.tsx";
import { BookingAction } from "../components/booking.tsx";
import { FilterChips } from "../components/filter-chips.tsx";
import { ResultsHeader, ResultsLayout } from "../components/results-layout.tsx";
import { errorTitle, RouteError } from "../components/route-error.tsx";
import { SaveSearch } from "../components/save-search.tsx";
import { SearchFilters } from "../components/search-filters.tsx";
import { heartsFor } from "../lib/favourites.server.ts";
import { notFound } from "../lib/not-found.server.ts";
import { categoryPath } from "../lib/paths.ts";
import { requireUser } from "../lib/session.server.ts";
import type { Route } from "./+types/category";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { services, forEveryone } = context.get(appContext);
  const { catalogue, orders } = services;
  const id = idFromPath(params.id);
  const brand = id && (await catalogue.getBrand(id));
  if (!brand) throw notFound(CATALOGUE_MESSAGES.brandNotFound);
  const read = parseSearchWithErrors(new URL(request.url).searchParams);
  const search = { ...read.params, brand: brand.id };
  // The search as read (the filters the words named, and the words left): what the filters show and what
  // "Save this search" keeps.
  const { page, facets, params: saved } = await catalogue.searchWithCounts(search, ["brand"]);
  // One query each for the whole page: which of these laptops this buyer has booked, and saved — or, on the page
  // kept for every reader of its kind (decision 10), neither: the person's summary brings both once loaded.
  const ids = page.items.map((a) => a.id);
  const [booked, hearts] = await Promise.all([
    forEveryone ? ([] as string[]) : orders.bookedAmong(user, ids),
    heartsFor(request, context, ids),
  ]);
  const body = {
    brand,
    page,
    booked,
    hearts,
    saved: { ...saved, brand: brand.id },
    facets,
    errors: read.errors,
  };
  return data(body, { status: Object.keys(read.errors).length ? 400 : 200 });
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => [
  { title: loaderData ? `All ${loaderData.brand.name} Laptops — ReLaptop` : errorTitle(error) },
  { name: "description", content: loaderData ? `Used ${loaderData.brand.name} laptops for sale on ReLaptop.` : "" },
];

export default function Category({
  loaderData: { brand, page, booked, hearts, saved, facets, errors },
}: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      <ResultsHeader save={<SaveSearch params={saved} brandName={brand.name} />}>
        <h1 className="text-2xl font-bold sm:text-3xl">All {brand.name} Laptops</h1>
      </ResultsHeader>
      <ResultsLayout
        filters={
          <SearchFilters
            params={saved}
            facets={facets}
            errors={errors}
            clearTo={categoryPath(brand.id)}
            inForce={page.filters.length}
          />
        }
      >
        <FilterChips chips={page.filters} />
        <AdvertGrid
          heading="Results"
          page={page}
          hearts={hearts}
          empty={<p className="py-10 text-center text-xl">{MESSAGES.page.emptyCategory}</p>}
          action={(advert) => <BookingAction advert={advert} booked={booked.includes(advert.id)} />}
        />
      </ResultsLayout>
    </section>
  );
}

export const ErrorBoundary = RouteError;
