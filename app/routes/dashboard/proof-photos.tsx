import { useFetcher } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { type PendingProof, PROOF_MESSAGES, proofDecisionSchema } from "../../../schemas/proof-photos.ts";
import { checkedForm, FormError, RefusedHere, TextField } from "../../components/form-field.tsx";
import { LaptopLink } from "../../components/laptop-link.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { Pager } from "../../components/pager.tsx";
import { type ActionErrors, appErrorData, parseForm, refusalFor, validateForm } from "../../lib/forms.server.ts";
import { idOrNotFound } from "../../lib/id-or-not-found.ts";
import { keysetPage } from "../../lib/keyset-page.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast } from "../../lib/toast.server.ts";
import { FormItem } from "../../lib/typed-values.ts";
import { mainHeading, useListFocus } from "../../lib/use-focus-landing.ts";
import { useFormAnswer } from "../../lib/use-form-answer.ts";
import { useValidatedForm } from "../../lib/use-validated-form.ts";
import type { Route } from "./+types/proof-photos";

/**
 * Proof photos: each laptop photographed beside its seller's one-time code, oldest first. Approve when the code
 * on the paper is the one shown and the laptop is the advert's; the advert then shows In hand.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, "admin");
  const { proofs } = context.get(appContext).services.moderation;
  return keysetPage(request, (cursor) => proofs.queue(admin, cursor));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, context, "admin");
  const parsed = await parseForm(request, z.object({ id: z.string() }));
  if (parsed.error) return parsed.error;
  const decision = validateForm(parsed.form, proofDecisionSchema);
  if (decision.error) return refusalFor(parsed.value.id, decision.error);
  try {
    const id = idOrNotFound(parsed.value.id, PROOF_MESSAGES.notPending);
    await context.get(appContext).services.moderation.proofs.decide(admin, id, decision.value);
    const message = decision.value.decision === "approve" ? "Approved: the advert shows In hand." : "Rejected.";
    return dataWithToast(context, { ok: true as const }, { type: "success", message });
  } catch (error) {
    // Decided by another admin meanwhile, or its laptop no longer for sale: see Disputes.
    return appErrorData(error);
  }
}

export const meta = () => [{ title: "Proof photos — ReLaptop" }];

export default function ProofPhotos({ loaderData: { proofs, next }, actionData }: Route.ComponentProps) {
  const list = useListFocus<HTMLUListElement>(proofs.length, mainHeading);
  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="mb-2 text-3xl font-bold">Proof photos</h1>
        <RefusedHere answer={actionData} />
        <p className="max-w-prose">
          Each seller wrote their one-time code on paper and photographed it beside the laptop, switched on. Approve
          when the paper shows the code below and the laptop is the advert's: the advert then shows In hand. Only admins
          see these photos.
        </p>
      </div>
      {proofs.length === 0 ? (
        <p>No proof photos are waiting.</p>
      ) : (
        <ul ref={list.ref} onFocus={list.onFocus} className="flex flex-col gap-4" aria-label="Proof photos waiting">
          {proofs.map((p) => (
            <ProofItem key={p.id} proof={p} />
          ))}
        </ul>
      )}
      <Pager nextCursor={next} label="Proof photo pages" />
    </section>
  );
}

function ProofItem({ proof }: { proof: PendingProof }) {
  const fetcher = useFetcher<ActionErrors>();
  const form = useValidatedForm(proofDecisionSchema, useFormAnswer(fetcher, proof.id));
  const busy = fetcher.state !== "idle";
  return (
    <FormItem value={proof.id}>
      <li className="card border border-base-300">
        <div className="card-body gap-3 p-4">
          <h2 className="card-title flex-wrap text-lg">
            <LaptopLink id={proof.advertId} name={proof.advertName} className="link" />
          </h2>
          <p>
            {proof.sellerName} · sent <LocalTime iso={proof.submittedAt} /> · the paper should read{" "}
            <strong className="font-mono text-lg tracking-widest">{proof.code}</strong>
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <figure className="flex flex-col gap-1">
              <img
                src={proof.photoUrl}
                alt={`${proof.advertName} beside the code, as its seller sent it`}
                className="rounded-box"
              />
              <figcaption className="text-sm">Proof photo</figcaption>
            </figure>
            <figure className="flex flex-col gap-1">
              <img src={proof.advertImageUrl} alt={`${proof.advertName}, its advert's cover`} className="rounded-box" />
              <figcaption className="text-sm">The advert's cover photo</figcaption>
            </figure>
          </div>
          <FormError message={form.formError} />
          <div className="flex flex-wrap items-end gap-3">
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={proof.id} />
              <input type="hidden" name="decision" value="approve" />
              <button type="submit" className="btn btn-success" disabled={busy}>
                Approve<span className="sr-only">: {proof.advertName}</span>
              </button>
            </fetcher.Form>
            <fetcher.Form {...checkedForm(form)} className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="id" value={proof.id} />
              <input type="hidden" name="decision" value="reject" />
              <TextField label="Reason to reject" name="reason" error={form.errors.reason} />
              <button type="submit" className="btn btn-error" disabled={busy}>
                Reject<span className="sr-only">: {proof.advertName}</span>
              </button>
            </fetcher.Form>
          </div>
        </div>
      </li>
    </FormItem>
  );
}
