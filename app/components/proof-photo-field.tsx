import { PROOF_MESSAGES as M, type ProofCode, type ProofState } from "../../schemas/proof-photos.ts";
import { FileField } from "./form-field.tsx";
import { LocalTime } from "./local-time.tsx";

/** What the advert form knows of "In hand": the seller's code now (none while a proof waits or is approved). */
export interface ProofFieldData {
  code: ProofCode | null;
  state: ProofState;
}

/**
 * "Proof photo (optional)": the seller's one-time code, to write on paper and photograph beside the laptop,
 * switched on; the photo goes to our team only (core/catalogue/proof-photos.ts). Editing, the form says where
 * the advert's proof stands; after a rejection it offers a new code and says why.
 */
export function ProofPhotoField({ proof, error }: { proof: ProofFieldData; error?: string }) {
  const { code, state } = proof;
  if (state?.status === "approved" || state?.status === "pending" || !code) {
    return (
      <p className="text-sm md:col-span-3">
        {state?.status === "approved" ? M.approved : state?.status === "pending" ? M.waiting : null}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 md:col-span-3">
      {state?.status === "rejected" && (
        <p className="text-sm">
          {M.rejected}: {state.reason}
        </p>
      )}
      <p className="text-sm">
        Your code: <span className="sr-only">{code.code.split("").join(" ")}</span>
        <strong className="font-mono text-lg tracking-widest" aria-hidden="true">
          {code.code}
        </strong>{" "}
        (valid until <LocalTime iso={code.expiresAt} />)
      </p>
      <input type="hidden" name="proofCode" value={code.code} />
      <FileField label={M.fieldLabel} name="proofPhoto" error={error} hint={M.fieldHint} />
    </div>
  );
}
