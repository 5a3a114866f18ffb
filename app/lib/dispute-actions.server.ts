import { data, type RouterContextProvider } from "react-router";
import { appContext } from "#app-context";
import type { SessionUser } from "../../core/accounts/index.ts";
import { isAppError } from "../../core/errors.ts";
import { disputeMessageSchema, reportProblemSchema } from "../../schemas/disputes.ts";
import { type ActionErrors, refusalHeaders, typedValues, validateForm } from "./forms.server.ts";
import { notFound } from "./not-found.server.ts";
import { dataWithToast } from "./toast.server.ts";

/** The order page's dispute forms, told apart by their `intent`. */
export const DISPUTE_INTENTS = ["reportProblem", "disputeMessage"] as const;
export type DisputeIntent = (typeof DISPUTE_INTENTS)[number];
export const isDisputeIntent = (intent: unknown): intent is DisputeIntent =>
  (DISPUTE_INTENTS as readonly unknown[]).includes(intent);

/**
 * A dispute form's answer: which form it was, its problems (under their fields, or above the form) and what
 * was typed, given back so that a refused form keeps it — also without JavaScript. Files cannot be given back.
 */
export interface DisputeFormData extends ActionErrors {
  intent: DisputeIntent;
}

const DONE: Record<DisputeIntent, string> = {
  reportProblem: "Your problem is reported. The seller is told, and an admin will decide.",
  disputeMessage: "Your message is added to the exchange.",
};

/**
 * Report a problem (the order's buyer) and write in its exchange (its buyer or seller), from the order's page:
 * the form, the core, and the refusal shown on the form with what was typed. Someone the order is not theirs
 * reads the page's 404, as they would reading it.
 */
export async function disputeAction(
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  orderId: string,
  intent: DisputeIntent,
  form: FormData,
) {
  const { disputes } = context.get(appContext).services;
  const refused = (answer: ActionErrors, status: number, headers?: HeadersInit) =>
    data<DisputeFormData>({ intent, values: typedValues(form), ...answer }, { status, headers });
  try {
    if (intent === "reportProblem") {
      const parsed = validateForm(form, reportProblemSchema);
      if (parsed.error) return refused({ fields: parsed.error.data.fields }, 400);
      await disputes.report(user, orderId, parsed.value);
    } else {
      const parsed = validateForm(form, disputeMessageSchema);
      if (parsed.error) return refused({ fields: parsed.error.data.fields }, 400);
      await disputes.write(user, orderId, parsed.value);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "NOT_FOUND") throw notFound(error.message);
    const answer = error.fields ? { fields: error.fields } : { formError: error.message };
    return refused(answer, error.status, refusalHeaders(error));
  }
  return dataWithToast(context, { intent, ok: true }, { type: "success", message: DONE[intent] });
}
