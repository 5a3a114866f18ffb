import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import type { SellerAdvert } from "../../../core/catalogue/index.ts";
import { CATALOGUE_MESSAGES, MESSAGES } from "../../../schemas/messages.ts";
import { formatPrice } from "../../../schemas/money.ts";
import { AdvertRow } from "../../components/advert-row.tsx";
import { ConfirmDeleteDialog } from "../../components/dialog.tsx";
import { LaptopLink } from "../../components/laptop-link.tsx";
import { parseForm } from "../../lib/forms.server.ts";
import { idOrNotFound } from "../../lib/id-or-not-found.ts";
import { loadOrRedirect } from "../../lib/load-or-redirect.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast, errorDataWithToast } from "../../lib/toast.server.ts";
import { busyButton, mainHeading, useListFocus } from "../../lib/use-focus-landing.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { Route } from "./+types/my-products";

// Seller-only (spec §2), as the menu shows it: admins read a seller's adverts through the API, and remove
// them from Reported Items.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "seller");
  const { catalogue } = context.get(appContext).services;
  return { adverts: await loadOrRedirect(context, () => catalogue.listSellerAdverts(user, params.email)) };
}

const intentSchema = z.object({ intent: z.enum(["advertise", "unadvertise", "delete"]), advertId: z.string().min(1) });

const DONE = {
  advertise: MESSAGES.toast.advertised,
  unadvertise: "Your product is removed from the advertisement section.",
  delete: "Your product is deleted.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "seller");
  const parsed = await parseForm(request, intentSchema);
  if (parsed.error) return parsed.error;
  const { intent } = parsed.value;
  const { adverts } = context.get(appContext).services.catalogue;
  try {
    const advertId = idOrNotFound(parsed.value.advertId, CATALOGUE_MESSAGES.advertNotFound);
    if (intent === "delete") await adverts.withdraw(user, advertId);
    else await adverts.setAdvertised(user, advertId, intent === "advertise");
  } catch (error) {
    return errorDataWithToast(context, error);
  }
  return dataWithToast(context, { ok: true }, { type: "success", message: DONE[intent] });
}

export const meta = () => [{ title: "My Products — ReLaptop" }];

export default function MyAdverts({ loaderData: { adverts } }: Route.ComponentProps) {
  const list = useListFocus<HTMLUListElement>(adverts.length, mainHeading);
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-3xl font-bold">My Products</h1>
        <Link to="/dashboard/post/add" className="btn btn-primary btn-sm">
          Add A Product
        </Link>
      </div>
      {adverts.length === 0 ? (
        <p>You have not posted a laptop yet.</p>
      ) : (
        <ul ref={list.ref} onFocus={list.onFocus} className="flex flex-col gap-3">
          {adverts.map((advert) => (
            <SellerAdvertRow key={advert.id} advert={advert} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SellerAdvertRow({ advert }: { advert: SellerAdvert }) {
  const fetcher = useFetcher();
  const [confirming, setConfirming] = useState(false);
  const hydrated = useHydrated();
  const sending = fetcher.state !== "idle";
  const busy = sending || !hydrated;
  const closed = advert.sold || advert.removedBecause !== null || advert.rejectedBecause !== null;
  const status = advert.sold
    ? { label: "Sold", badge: "badge-neutral" }
    : advert.pendingReview
      ? { label: "Pending review", badge: "badge-warning" }
      : advert.rejectedBecause !== null
        ? { label: "Rejected", badge: "badge-error" }
        : { label: "Available", badge: "badge-success" };
  const post = (intent: string) => fetcher.submit({ intent, advertId: advert.id }, { method: "post" });
  return (
    <AdvertRow
      imageUrl={advert.imageUrl}
      title={
        // Its page, held and rejected ones included (their seller may open them); a removed one has none.
        advert.removedBecause === null ? (
          <LaptopLink id={advert.id} name={advert.name} className="link link-hover" />
        ) : (
          advert.name
        )
      }
      dialog={
        <ConfirmDeleteDialog open={confirming} onClose={() => setConfirming(false)} onConfirm={() => post("delete")} />
      }
    >
      <p className="flex flex-wrap items-center gap-2">
        {formatPrice(advert.resalePriceCents)}
        <span className={`badge ${status.badge}`}>{status.label}</span>
        {advert.advertised && <span className="badge badge-info">Advertised</span>}
        <span className="text-sm text-base-content/70">
          <span aria-hidden="true">♥ </span>
          {`Saved by ${advert.savedBy} ${advert.savedBy === 1 ? "person" : "people"}`}
        </span>
      </p>
      {advert.sale && (
        <p className="text-sm">
          Sold to {advert.sale.buyerName} for {formatPrice(advert.sale.priceCents)}
        </p>
      )}
      {advert.removedBecause && (
        <p className="alert alert-warning py-2 text-sm" role="status">
          Removed by an admin: {advert.removedBecause}
        </p>
      )}
      {advert.pendingReview && (
        <div className="alert alert-warning flex flex-col items-start gap-1 py-2 text-sm" role="status">
          <p>Buyers cannot see this advert until an admin has reviewed it, because:</p>
          <ul className="list-disc pl-5">
            {advert.pendingReview.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      {advert.rejectedBecause && (
        <p className="alert alert-error py-2 text-sm" role="status">
          Rejected by an admin: {advert.rejectedBecause}
        </p>
      )}
      <div className="card-actions">
        {advert.advertised ? (
          // Busy, it stays focusable (a disabled one drops focus to the page); React keeps this one button
          // across the swap of label, so focus stays on it.
          <button
            type="button"
            className="btn btn-sm"
            disabled={closed || !hydrated}
            {...busyButton(sending, () => post("unadvertise"))}
          >
            Remove Advertisement
          </button>
        ) : (
          // A held advert is not public yet: advertising it waits for the review (the server refuses it too).
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={closed || !hydrated || Boolean(advert.pendingReview)}
            {...busyButton(sending, () => post("advertise"))}
          >
            Add To Advertisement
          </button>
        )}
        {closed ? (
          <button type="button" className="btn btn-sm" disabled>
            Edit
          </button>
        ) : (
          <Link to={`/dashboard/post/edit/${advert.id}`} className="btn btn-sm">
            Edit
          </Link>
        )}
        <button
          type="button"
          className="btn btn-sm btn-error"
          disabled={advert.sold || advert.removedBecause !== null || busy}
          onClick={() => setConfirming(true)}
        >
          Delete
        </button>
      </div>
    </AdvertRow>
  );
}
