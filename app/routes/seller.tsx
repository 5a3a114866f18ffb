import { appContext } from "#app-context";
import { parseSearch } from "../../schemas/search.ts";
import { EmailConfirmedMark, VerifiedMark } from "../components/advert-card.tsx";
import { AdvertGrid } from "../components/advert-grid.tsx";
import { RouteError } from "../components/route-error.tsx";
import { heartsFor } from "../lib/favourites.server.ts";
import { notFound } from "../lib/not-found.server.ts";
import type { Route } from "./+types/seller";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { catalogue } = context.get(appContext).services;
  const seller = await catalogue.getSellerProfile(params.id);
  if (!seller) throw notFound("This seller does not exist.");
  const search = {
    ...parseSearch(new URL(request.url).searchParams),
    seller: seller.id,
    q: undefined,
    brand: undefined,
  };
  const page = await catalogue.search(search);
  const hearts = await heartsFor(
    request,
    context,
    page.items.map((a) => a.id),
  );
  return { seller, page, hearts };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `${loaderData.seller.name} — seller on ReLaptop` : "ReLaptop" },
  { name: "description", content: loaderData ? `Used laptops for sale by ${loaderData.seller.name} on ReLaptop.` : "" },
];

export default function SellerProfile({ loaderData: { seller, page, hearts } }: Route.ComponentProps) {
  const since = new Date(seller.memberSince).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        {seller.name} {seller.verified && <VerifiedMark />}
        {seller.emailConfirmed && <EmailConfirmedMark />}
      </h1>
      <p className="mb-6 mt-1 text-base-content/70">Member since {since}</p>
      <h2 className="mb-4 text-xl font-semibold">Laptops for sale</h2>
      <AdvertGrid page={page} hearts={hearts} empty={<p>No laptops for sale right now.</p>} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
