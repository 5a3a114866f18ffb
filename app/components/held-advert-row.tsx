import { useState } from "react";
import { useFetcher } from "react-router";
import { formatPrice } from "../../schemas/money.ts";
import { type HeldAdvert, REVIEW_SIGNALS } from "../../schemas/review-signals.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { AdvertRow } from "./advert-row.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";

/**
 * An advert in the review queue (Reported Items): held (not public) or flagged (public), with every
 * signal, and the admin's two answers: Approve (published, or off the queue) and Reject (with a reason).
 */
export function HeldAdvertRow({ advert: a }: { advert: HeldAdvert }) {
  const fetcher = useFetcher<ActionErrors>();
  const hydrated = useHydrated();
  const [rejecting, setRejecting] = useState(false);
  const busy = fetcher.state !== "idle" || !hydrated;
  return (
    <AdvertRow
      imageUrl={a.imageUrl}
      title={
        <>
          {a.name}
          <span className={`badge ${a.held ? "badge-warning" : "badge-info"}`}>
            {a.held ? "Pending review" : "Flagged"}
          </span>
        </>
      }
      dialog={
        <ReasonDialog
          open={rejecting}
          onClose={() => setRejecting(false)}
          title={`Reject ${a.name}`}
          intent="reject"
          advertId={a.id}
          submitLabel="Reject advert"
          fetcher={fetcher}
        />
      }
    >
      <p className="text-sm">
        {formatPrice(a.resalePriceCents)} · Seller: {a.sellerName} ·{" "}
        {a.held ? "not public until approved" : "public, flagged for a look"}
      </p>
      <ul className="list-disc pl-5 text-sm">
        {a.signals.map((s) => (
          <li key={s.kind}>
            <strong>{REVIEW_SIGNALS[s.kind].strength === "strong" ? "Strong" : "Weak"}:</strong> {s.detail}
          </li>
        ))}
      </ul>
      <div className="card-actions">
        <button
          type="button"
          className="btn btn-sm btn-success"
          disabled={busy}
          onClick={() => fetcher.submit({ intent: "approve", advertId: a.id }, { method: "post" })}
        >
          Approve
        </button>
        <button type="button" className="btn btn-sm btn-error" disabled={busy} onClick={() => setRejecting(true)}>
          Reject
        </button>
      </div>
    </AdvertRow>
  );
}
