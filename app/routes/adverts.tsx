import { Form, Link } from "react-router";
import { parseSearch, type SearchParams } from "../../schemas/search.ts";
import { CONDITIONS } from "../../schemas/values.ts";
import { AdvertGrid } from "../components/advert-grid.tsx";
import { RouteError } from "../components/route-error.tsx";
import { SaveSearch } from "../components/save-search.tsx";
import { catalogueFor } from "../lib/catalogue.server.ts";
import { heartsFor } from "../lib/favourites.server.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/adverts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = parseSearch(new URL(request.url).searchParams);
  const catalogue = catalogueFor(request, context);
  const [page, brands] = await Promise.all([catalogue.search(params), catalogue.listBrands()]);
  const hearts = await heartsFor(
    request,
    context,
    page.items.map((a) => a.id),
  );
  return { params, page, brands, hearts };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData?.params.q ? `“${loaderData.params.q}” — used laptops on ReLaptop` : "All laptops — ReLaptop" },
  {
    name: "description",
    content: "Search every used laptop for sale on ReLaptop by brand, price, condition, location and specs.",
  },
];

const cents = (v: number | undefined) => (v === undefined ? undefined : String(v / 100));

export default function Adverts({ loaderData: { params, page, brands, hearts } }: Route.ComponentProps) {
  // The page is the same for everyone (visitors get it from the micro-cache); saving needs an account.
  const signedIn = Boolean(useRootData()?.user);
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="mb-4 text-3xl font-bold">{params.q ? `Laptops matching “${params.q}”` : "All laptops"}</h1>
      <Filters params={params} brands={brands} />
      {signedIn && <SaveSearch params={params} brandName={brands.find((b) => b.id === params.brand)?.name} />}
      <AdvertGrid
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
    </section>
  );
}

function Filters({ params, brands }: { params: SearchParams; brands: { id: string; name: string }[] }) {
  const field = "flex flex-col gap-1 text-sm";
  return (
    <Form
      method="get"
      className="mb-6 grid grid-cols-2 gap-3 rounded-box bg-base-200 p-4 md:grid-cols-4 lg:grid-cols-5"
      aria-label="Filters"
    >
      <label className={`${field} col-span-2`}>
        <span>Words</span>
        <input
          name="q"
          type="search"
          defaultValue={params.q}
          className="input input-bordered input-sm"
          placeholder="ThinkPad, i7, 16 GB…"
        />
      </label>
      <label className={field}>
        <span>Brand</span>
        <select name="brand" defaultValue={params.brand ?? ""} className="select select-bordered select-sm">
          <option value="">Any brand</option>
          {brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        <span>Min price ($)</span>
        <input
          name="minPrice"
          inputMode="decimal"
          defaultValue={cents(params.minPrice)}
          className="input input-bordered input-sm"
        />
      </label>
      <label className={field}>
        <span>Max price ($)</span>
        <input
          name="maxPrice"
          inputMode="decimal"
          defaultValue={cents(params.maxPrice)}
          className="input input-bordered input-sm"
        />
      </label>
      <label className={field}>
        <span>Condition</span>
        <select name="condition" defaultValue={params.condition ?? ""} className="select select-bordered select-sm">
          <option value="">Any condition</option>
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        <span>Location</span>
        <input name="location" defaultValue={params.location} className="input input-bordered input-sm" />
      </label>
      <label className={field}>
        <span>RAM at least (GB)</span>
        <input
          name="minRam"
          inputMode="numeric"
          defaultValue={params.minRam}
          className="input input-bordered input-sm"
        />
      </label>
      <label className={field}>
        <span>Storage at least (GB)</span>
        <input
          name="minStorage"
          inputMode="numeric"
          defaultValue={params.minStorage}
          className="input input-bordered input-sm"
        />
      </label>
      <label className={field}>
        <span>Sort by</span>
        <select name="sort" defaultValue={params.sort} className="select select-bordered select-sm">
          <option value="newest">Newest first</option>
          <option value="price_asc">Price: low to high</option>
          <option value="price_desc">Price: high to low</option>
        </select>
      </label>
      <div className="col-span-2 flex items-end gap-2 md:col-span-4 lg:col-span-5">
        <button type="submit" className="btn btn-primary btn-sm">
          Apply filters
        </button>
        <Link to="/allAdd" className="btn btn-ghost btn-sm">
          Clear
        </Link>
      </div>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
