import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { MESSAGES } from "../../schemas/messages.ts";
import { parseForm } from "./forms.server.ts";
import { requireUser } from "./session.server.ts";
import { dataWithToast, errorDataWithToast } from "./toast.server.ts";

/** All Sellers and All Buyers share their loader and actions; only the role differs. */
export async function peopleLoader(
  request: Request,
  context: Readonly<RouterContextProvider>,
  role: "seller" | "user",
) {
  const admin = await requireUser(request, context, "admin");
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const page = Number(url.searchParams.get("page") ?? 1) || 1;
  return context.get(appContext).services.moderation.people.list(admin, role, { q, page });
}

const intentSchema = z.object({ intent: z.enum(["verify", "unverify", "delete"]), userId: z.string().min(1) });

export async function peopleAction(request: Request, context: Readonly<RouterContextProvider>) {
  const admin = await requireUser(request, context, "admin");
  const parsed = await parseForm(request, intentSchema);
  if (parsed.error) return parsed.error;
  const { people } = context.get(appContext).services;
  const { intent, userId } = parsed.value;
  try {
    if (intent === "delete") {
      await people.deactivate(admin, userId);
      return dataWithToast(
        context,
        { ok: true },
        { type: "success", message: "The account is deleted; its history is kept." },
      );
    }
    const changed = await people.setVerified(admin, userId, intent === "verify");
    const message = intent === "verify" ? MESSAGES.toast.sellerVerified : "Verification revoked.";
    return dataWithToast(context, { ok: true, changed }, { type: "success", message });
  } catch (error) {
    return errorDataWithToast(context, error);
  }
}
