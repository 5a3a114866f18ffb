import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import type { SessionUser } from "../../core/accounts/index.ts";
import { uuidParam } from "../../schemas/params.ts";
import { reviewRemovalSchema } from "../../schemas/reviews.ts";
import { appErrorData, validateForm } from "./forms.server.ts";
import { dataWithToast } from "./toast.server.ts";

/** Reported Items' buttons on a reported review: dismiss its reports, or remove it with a reason. */
export async function reviewAction(context: Readonly<RouterContextProvider>, admin: SessionUser, form: FormData) {
  const parsed = validateForm(form, z.object({ intent: z.enum(["dismiss", "remove"]), reviewId: uuidParam() }));
  if (parsed.error) return parsed.error;
  const reviewReports = context.get(appContext).services.reviews.reports;
  try {
    if (parsed.value.intent === "dismiss") {
      await reviewReports.dismiss(admin, parsed.value.reviewId);
      return dataWithToast(context, { ok: true }, { type: "success", message: "Reports dismissed." });
    }
    const removal = validateForm(form, reviewRemovalSchema);
    if (removal.error) return removal.error;
    await reviewReports.remove(admin, parsed.value.reviewId, removal.value.reason);
    return dataWithToast(
      context,
      { ok: true },
      { type: "success", message: "The review is removed; its author sees why." },
    );
  } catch (error) {
    return appErrorData(error);
  }
}
