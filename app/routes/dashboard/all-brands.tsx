import { appContext } from "#app-context";
import { requireUser } from "../../lib/session.server.ts";
import type { Route } from "./+types/all-brands";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "admin");
  return { brands: await context.get(appContext).services.catalogue.listBrands() };
}

export const meta = () => [{ title: "All Brands — ReLaptop" }];

export default function AllBrands({ loaderData: { brands } }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-4 text-3xl font-bold">All Brands</h1>
      <div className="overflow-x-auto">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Logo</th>
              <th scope="col">Name</th>
            </tr>
          </thead>
          <tbody>
            {brands.map((brand, i) => (
              <tr key={brand.id}>
                <td>{i + 1}</td>
                <td>
                  <img src={brand.imageUrl} alt="" width={72} height={48} className="rounded" />
                </td>
                <td>{brand.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
