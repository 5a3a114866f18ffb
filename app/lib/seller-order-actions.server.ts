import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { isAppError } from "../../core/errors.ts";
import { ORDER_NOT_FOUND } from "../../core/orders/index.ts";
import { shipSchema } from "../../schemas/delivery.ts";
import { idFromPath } from "../../schemas/params.ts";
import { declineSchema } from "../../schemas/sales.ts";
import { parseForm, validateForm } from "./forms.server.ts";
import { notFound } from "./not-found.server.ts";
import { requireUser } from "./session.server.ts";
import { dataWithToast, errorDataWithToast } from "./toast.server.ts";

const sellerForm = z.discriminatedUnion("intent", [
  declineSchema.extend({ intent: z.literal("decline"), orderId: z.string().min(1) }),
  z.object({ intent: z.literal("handOver"), orderId: z.string().min(1) }),
  shipSchema.extend({ intent: z.literal("ship"), orderId: z.string().min(1) }),
]);

const DONE = {
  decline: "The booking is declined. The buyer is told your reason.",
  handOver: "Marked as handed over. The buyer protection window has started.",
  ship: "Marked as shipped. The buyer is told how to track the parcel.",
} as const;

/**
 * The action behind a seller's buttons on an order (My Sales, the order's page): Decline a booking, Mark as
 * handed over a paid order they meet for, Mark as shipped one to be shipped. The seller, the form, the core.
 */
export async function sellerOrderAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  /** The form, when the page's action read it already to see which of its forms was sent. */
  read?: FormData,
) {
  const seller = await requireUser(request, context, "seller");
  const parsed = read ? validateForm(read, sellerForm) : await parseForm(request, sellerForm);
  if (parsed.error) return parsed.error;
  const { orders } = context.get(appContext).services;
  const form = parsed.value;
  // An id that names no order reads as another seller's would: not found.
  const orderId = idFromPath(form.orderId);
  if (!orderId) throw notFound(ORDER_NOT_FOUND);
  try {
    if (form.intent === "decline") await orders.decline(seller, orderId, form);
    else if (form.intent === "handOver") await orders.handOver(seller, orderId);
    else await orders.ship(seller, orderId, form);
  } catch (error) {
    // Another seller's order does not exist for them: the page says so, as it would reading it.
    if (isAppError(error) && error.code === "NOT_FOUND") throw notFound(error.message);
    return errorDataWithToast(context, error);
  }
  return dataWithToast(context, { ok: true }, { type: "success", message: DONE[form.intent] });
}
