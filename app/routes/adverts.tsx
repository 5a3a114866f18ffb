import { data, Link } from "react-router";
import type { Facets } from "../../schemas/search.ts";
import { parseSearchWithErrors } from "../../schemas/search.ts";
import { FACET_CAP } from "../../schemas/values.ts";
import { AdvertGrid } from "../components/advert-grid.tsx";
import { FilterChips } from "../components/filter-chips.tsx";
import { ResultsHeader, ResultsLayout } from "../components/results-layout.tsx";
import { RouteError } from "../components/route-error.tsx";
import { SaveSearch } from "../components/save-search.tsx";
import { SearchFilters } from "../components/search-filters.tsx";
import { catalogueFor } from "../lib/catalogue.server.ts";
import { heartsFor } from "../lib/favourites.server.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/adverts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { params, errors } = parseSearchWithErrors(new URL(request.url).searchParams);
  const catalogue = catalogueFor(request, context);
  const [{ page, facets, params: read }, brands] = await Promise.all([
    catalogue.searchWithCounts(params),
    catalogue.listBrands(),
  ]);
  const hearts = await heartsFor(
    request,
    context,
    page.items.map((a) => a.id),
  );
  // A filter with a wrong value is left out and its message shown under it; the status says so too.
  return data(
    // What "Save this search" keeps is the search as read: the filters the words named, and the words left.
    { params, read, page, brands, hearts, facets, errors },
    { status: Object.keys(errors).length ? 400 : 200 },
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData?.params.q ? `“${loaderData.params.q}” — used laptops on ReLaptop` : "All laptops — ReLaptop" },
  {
    name: "description",
    content: "Search every used laptop for sale on ReLaptop by brand, price, condition, location and specs.",
  },
];

/** "1 laptop", "234 laptops", or "1,000+ laptops" past the counts' cap. */
function totalText({ total, capped }: Facets) {
  if (capped) return `${FACET_CAP.toLocaleString("en-US")}+ laptops`;
  return `${total.toLocaleString("en-US")} ${total === 1 ? "laptop" : "laptops"}`;
}

export default function Adverts({
  loaderData: { params, read, page, brands, hearts, facets, errors },
}: Route.ComponentProps) {
  // The page is the same for everyone (visitors get it from the micro-cache); saving needs an account.
  const signedIn = Boolean(useRootData()?.user);
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      <ResultsHeader
        save={signedIn && <SaveSearch params={read} brandName={brands.find((b) => b.id === read.brand)?.name} />}
      >
        <h1 className="text-2xl font-bold sm:text-3xl">
          {params.q ? `Laptops matching “${params.q}”` : "All laptops"}
        </h1>
        <p className="text-base-content/80">{totalText(facets)}</p>
      </ResultsHeader>
      <ResultsLayout
        filters={
          <SearchFilters
            params={read}
            facets={facets}
            errors={errors}
            brands={brands}
            clearTo="/allAdd"
            inForce={page.filters.length}
          />
        }
      >
        <FilterChips chips={page.filters} />
        <AdvertGrid
          heading="Results"
          page={page}
          hearts={hearts}
          empty={
            <div className="py-10 text-center">
              <p className="text-xl">No laptops match your search.</p>
              <Link to="/allAdd" className="link link-primary">
                Clear the filters
              </Link>
            </div>
          }
        />
      </ResultsLayout>
    </section>
  );
}

export const ErrorBoundary = RouteError;
