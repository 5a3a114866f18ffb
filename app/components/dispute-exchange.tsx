import { DISPUTE_DECISION_LABELS, DISPUTE_REASON_LABELS, type DisputeView } from "../../schemas/disputes.ts";
import { formatPrice } from "../../schemas/money.ts";
import { useFocusLanding } from "../lib/use-focus-landing.ts";
import { LocalTime } from "./local-time.tsx";

const SIDE_LABELS = { buyer: "Buyer", seller: "Seller", admin: "Admin" } as const;

/** What was decided, in the words both people and admins read: the decision, the amount back, and why. */
export function DisputeDecision({ dispute }: { dispute: DisputeView }) {
  if (!dispute.decision || !dispute.decidedAt) return null;
  const amount = dispute.refundCents === null ? "" : `: ${formatPrice(dispute.refundCents)} back to the buyer`;
  return (
    <div role="note" className="alert alert-success flex flex-col items-start gap-1">
      <p className="font-semibold">
        Decided — {DISPUTE_DECISION_LABELS[dispute.decision]}
        {amount}
      </p>
      <p className="text-sm">
        <LocalTime iso={dispute.decidedAt} />. Reason: {dispute.decisionReason}
      </p>
    </div>
  );
}

/**
 * A reported problem's exchange, oldest first: who wrote (their name and side), when, what, and their photos
 * (each opens full size). Texts are shown as text, never as markup. A message sent from the form below it
 * (rendered anew then, empty) takes focus: it says what was sent.
 */
export function DisputeExchange({ dispute }: { dispute: DisputeView }) {
  const newest = useFocusLanding<HTMLLIElement>(dispute.messages.length);
  return (
    <ol className="flex flex-col gap-4" aria-label="The exchange about the problem">
      {dispute.messages.map((m, i) => (
        <li
          key={m.id}
          ref={i === dispute.messages.length - 1 ? newest : undefined}
          className={`rounded-box p-3 ${m.side === "buyer" ? "bg-base-200" : "bg-base-300/60"}`}
        >
          <p className="text-sm">
            <span className="font-semibold">{m.authorName}</span>{" "}
            <span className="badge badge-sm badge-ghost">{SIDE_LABELS[m.side]}</span>{" "}
            <LocalTime iso={m.at} className="text-base-content/70" />
          </p>
          <p className="mt-1 whitespace-pre-line break-words">{m.body}</p>
          {m.photoUrls.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Photos from ${m.authorName}`}>
              {m.photoUrls.map((url, i) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noreferrer" className="block">
                    <img
                      src={url}
                      alt={`${m.authorName}’s evidence, ${i + 1} of ${m.photoUrls.length}`}
                      width={128}
                      height={96}
                      loading="lazy"
                      className="aspect-[4/3] w-32 rounded object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The reason the buyer gave, and when they reported it. */
export function DisputeSummary({ dispute }: { dispute: DisputeView }) {
  return (
    <p>
      <span className="font-semibold">{DISPUTE_REASON_LABELS[dispute.reason]}</span>, reported{" "}
      <LocalTime iso={dispute.openedAt} />. {!dispute.decision && "The payment waits until an admin decides."}
    </p>
  );
}
