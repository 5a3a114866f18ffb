import { appContext } from "#app-context";
import { AdvertCard } from "../components/advert-card.tsx";
import type { Route } from "./+types/all-adds";

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q")?.trim().slice(0, 100) || undefined;
  return { q, adverts: await context.get(appContext).services.catalogue.listAvailable({ q }) };
}

export const meta = () => [
  { title: "All laptops — ReLaptop" },
  { name: "description", content: "Every used laptop for sale on ReLaptop." },
];

export default function AllAdds({ loaderData: { q, adverts } }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="mb-6 text-3xl font-bold">{q ? `Laptops matching “${q}”` : "All laptops"}</h1>
      {adverts.length === 0 ? (
        <p className="py-10 text-center text-xl">No laptops match your search.</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {adverts.map((advert) => (
            <AdvertCard key={advert.id} advert={advert} />
          ))}
        </div>
      )}
    </section>
  );
}
