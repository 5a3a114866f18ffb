import { Link } from "react-router";
import { AdvertCards } from "../components/advert-card.tsx";
import { type Banner, Carousel } from "../components/carousel.tsx";
import { RouteError } from "../components/route-error.tsx";
import { catalogueFor } from "../lib/catalogue.server.ts";
import { heartsFor } from "../lib/favourites.server.ts";
import { categoryPath } from "../lib/paths.ts";
import type { Route } from "./+types/home";

const BANNERS: Banner[] = [
  {
    title: "Welcome to ReLaptop",
    text: "Used laptops from real sellers, checked and priced fairly.",
    tone: "bg-primary text-primary-content",
  },
  {
    title: "Delivery and 100% buyer protection",
    text: "Pay by card; if the laptop is not as described, you get your money back.",
    tone: "bg-secondary text-secondary-content",
  },
  {
    title: "Find deals by location",
    text: "Meet sellers near you, or have your laptop delivered.",
    tone: "bg-accent text-accent-content",
  },
];

export const meta = () => [
  { title: "ReLaptop — buy and sell used laptops" },
  {
    name: "description",
    content: "Browse used laptops by brand with delivery and 100% buyer protection, and find deals by location.",
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const catalogue = catalogueFor(request, context);
  const [brands, latest, available] = await Promise.all([
    catalogue.listBrands(),
    catalogue.latestAdvertised(),
    catalogue.countAvailable(),
  ]);
  const hearts = await heartsFor(
    request,
    context,
    latest.map((a) => a.id),
  );
  return { brands, latest, available, hearts };
}

export default function Home({ loaderData: { brands, latest, available, hearts } }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-6 sm:gap-12">
      {/* The banners rotate, so none of them can be the page's heading; this one is for screen readers and
          for focus on arriving here (use-route-focus.ts). */}
      <h1 className="sr-only">ReLaptop: used laptops from real sellers</h1>
      <Carousel banners={BANNERS} />

      <section id="categories" aria-labelledby="categories-title" className="scroll-mt-4">
        <h2 id="categories-title" className="mb-4 text-2xl font-bold">
          Browse laptops by category
        </h2>
        {/* Two a row on a phone, so that the latest laptops come within the first two screens. */}
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          {brands.map((brand) => (
            <li key={brand.id}>
              <Link
                to={categoryPath(brand.id)}
                className="card border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md"
              >
                <figure className="aspect-[3/2] bg-base-200">
                  <img src={brand.imageUrl} alt="" width={480} height={320} className="h-full w-full object-cover" />
                </figure>
                <div className="card-body p-3 sm:p-4">
                  <h3 className="card-title text-base sm:text-lg">{brand.name}</h3>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {latest.length > 0 && (
        <section aria-labelledby="latest-title">
          <div className="mb-4 flex items-baseline justify-between gap-4">
            <h2 id="latest-title" className="text-2xl font-bold">
              Latest laptops
            </h2>
            <Link to="/allAdd" className="link link-primary" aria-label="See all laptops">
              See all
            </Link>
          </div>
          <AdvertCards adverts={latest} hearts={hearts} />
        </section>
      )}

      <section className="card bg-base-200">
        <div className="card-body items-start gap-3 md:flex-row md:items-center md:justify-between">
          <div>
            {/* Said as it is: many laptops ship (some free), others are met in person; every order is protected. */}
            <h2 className="card-title text-2xl">Have your next laptop delivered</h2>
            <p>
              Choose from over {available.toLocaleString("en-US")} items: many ship to your door, and every order has{" "}
              <Link to="/buyer-protection" className="link">
                100% buyer protection
              </Link>
              .
            </p>
          </div>
          <a href="#categories" className="btn btn-primary">
            Shop Now
          </a>
        </div>
      </section>

      <section className="card border border-base-300">
        <div className="card-body items-start gap-3 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="card-title text-2xl">Selling a laptop?</h2>
            <p>See what laptops like yours sold for on ReLaptop in the last 12 months.</p>
          </div>
          <Link to="/worth" className="btn btn-outline">
            What's my laptop worth?
          </Link>
        </div>
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
