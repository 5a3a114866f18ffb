import { z } from "zod";
import { namedKeysetPage } from "./keyset-pages.ts";

/**
 * "In hand": a proof photo — the laptop, switched on, beside a paper with the seller's one-time code handwritten —
 * that an admin approves. Shown to admins only; an approved one gives the advert the "In hand" badge and filter.
 */

/** Six characters from letters and digits nobody misreads in handwriting (no 0/O, 1/I/L, 2/Z, 5/S, 8/B…). */
export const PROOF_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const PROOF_CODE_LENGTH = 6;
/** How long a code may be written on paper and photographed, from when the form first showed it. */
export const PROOF_CODE_HOURS = 24;

export const PROOF_MESSAGES = {
  fieldLabel: "Proof photo (optional)",
  fieldHint:
    "Write this code on paper and photograph it beside the laptop, switched on. Only our team sees the photo; once they check it, your advert shows In hand.",
  codeExpired: "This code has expired: write the new one shown here and take the photo again.",
  reused: "This photo is already in an advert. Take a new one of the laptop beside the code.",
  alreadyProved: "This advert already has a proof photo, approved or waiting for our team.",
  waiting: "Proof photo waiting for our team's check.",
  approved: "In hand: our team checked the proof photo.",
  rejected: "Our team could not accept the last proof photo",
  notPending: "This proof photo is not waiting for a decision.",
  noLongerForSale: "This laptop is no longer for sale: its proof photo needs no decision.",
  reasonRequired: "Reason is required",
  reasonTooLong: "Reason must be 500 characters or fewer",
} as const;

export const PROOF_STATUSES = ["pending", "approved", "rejected"] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/** An uploaded proof photo (checked as an image by the image pipeline), or nothing chosen. */
export const proofPhotoField = z
  .unknown()
  .optional()
  .transform((v) => {
    if (!(typeof File !== "undefined" && v instanceof File) || (v.size === 0 && v.name === "")) return undefined;
    return v;
  });

/** A code as the post form carries it back (hidden): the seller's, checked by the server. */
export const proofCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .optional()
  .transform((v) => v || undefined)
  .refine(
    (v) => v === undefined || new RegExp(`^[${PROOF_CODE_ALPHABET}]{${PROOF_CODE_LENGTH}}$`).test(v),
    PROOF_MESSAGES.codeExpired,
  );

/** The seller's code now, as the form shows it. */
export const proofCodeSchema = z
  .object({
    code: z.string().meta({ description: `${PROOF_CODE_LENGTH} characters to write by hand` }),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: "ProofCode" });
export type ProofCode = z.infer<typeof proofCodeSchema>;

/** An advert's proof as its seller sees it on the edit form (never the photo). */
export const proofStateSchema = z
  .object({ status: z.enum(PROOF_STATUSES), reason: z.string().nullable() })
  .nullable()
  .meta({ id: "ProofState" });
export type ProofState = z.infer<typeof proofStateSchema>;

/** Approve, or Reject with a reason the seller reads. */
export const proofDecisionSchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ decision: z.literal("approve") }),
    z.object({
      decision: z.literal("reject"),
      reason: z
        .string({ error: PROOF_MESSAGES.reasonRequired })
        .trim()
        .min(1, PROOF_MESSAGES.reasonRequired)
        .max(500, PROOF_MESSAGES.reasonTooLong),
    }),
  ],
  { error: "Decision is approve or reject" },
);
export type ProofDecision = z.infer<typeof proofDecisionSchema>;

/** One proof on the admins' queue: the photo (an admin-only address), the code it should show, the advert. */
export const pendingProofSchema = z
  .object({
    id: z.uuid(),
    advertId: z.uuid(),
    advertName: z.string(),
    advertImageUrl: z.string(),
    sellerName: z.string(),
    code: z.string().meta({ description: "The code the paper in the photo should show" }),
    photoUrl: z.string().meta({ description: "Admins only: GET it with an admin's session" }),
    submittedAt: z.iso.datetime(),
  })
  .meta({ id: "PendingProof" });
export type PendingProof = z.infer<typeof pendingProofSchema>;

export const pendingProofsSchema = namedKeysetPage("proofs", pendingProofSchema).meta({ id: "PendingProofs" });
