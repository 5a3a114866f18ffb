import { appContext } from "#app-context";
import { isAppError } from "../../../core/errors.ts";
import { MESSAGES } from "../../../schemas/messages.ts";
import { formatPrice } from "../../lib/money.ts";
import { requireUser } from "../../lib/session.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/my-products";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  try {
    return { adverts: await context.get(appContext).services.catalogue.listSellerAdverts(user, params.email) };
  } catch (error) {
    if (isAppError(error) && error.code === "FORBIDDEN") {
      throw await redirectWithToast(context, "/", { type: "error", message: MESSAGES.toast.forbidden });
    }
    throw error;
  }
}

export const meta = () => [{ title: "My Products — ReLaptop" }];

export default function MyProducts({ loaderData: { adverts } }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-4 text-3xl font-bold">My Products</h1>
      {adverts.length === 0 ? (
        <p>You have not posted a laptop yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Laptop</th>
                <th scope="col">Price</th>
                <th scope="col">Status</th>
                <th scope="col">Advertised</th>
              </tr>
            </thead>
            <tbody>
              {adverts.map((advert) => (
                <tr key={advert.id}>
                  <td className="flex items-center gap-3">
                    <img src={advert.imageUrl} alt="" width={64} height={48} className="rounded" />
                    {advert.name}
                  </td>
                  <td>{formatPrice(advert.resalePriceCents)}</td>
                  <td>
                    <span className={`badge ${advert.sold ? "badge-neutral" : "badge-success"}`}>
                      {advert.sold ? "Sold" : "Available"}
                    </span>
                  </td>
                  <td>{advert.advertised ? "Yes" : "No"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
