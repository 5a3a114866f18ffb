import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { isAppError } from "../../core/errors.ts";
import { declineSchema } from "../../schemas/sales.ts";
import { parseForm } from "./forms.server.ts";
import { notFound } from "./not-found.server.ts";
import { requireUser } from "./session.server.ts";
import { dataWithToast, errorDataWithToast } from "./toast.server.ts";

const declineForm = declineSchema.extend({ intent: z.literal("decline"), orderId: z.string().min(1) });

/** The action behind every Decline button (My Sales, the order's page): the seller, the form, the core. */
export async function declineAction(request: Request, context: Readonly<RouterContextProvider>) {
  const seller = await requireUser(request, context, "seller");
  const parsed = await parseForm(request, declineForm);
  if (parsed.error) return parsed.error;
  try {
    await context.get(appContext).services.orders.decline(seller, parsed.value.orderId, parsed.value);
  } catch (error) {
    // Another seller's order does not exist for them: the page says so, as it would reading it.
    if (isAppError(error) && error.code === "NOT_FOUND") throw notFound(error.message);
    return errorDataWithToast(context, error);
  }
  return dataWithToast(
    context,
    { ok: true },
    { type: "success", message: "The booking is declined. The buyer is told your reason." },
  );
}
