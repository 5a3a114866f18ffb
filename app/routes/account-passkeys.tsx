import { data } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { describeDevice } from "../../core/accounts/index.ts";
import { PASSKEY_MESSAGES as M, removePasskeyFormSchema, renamePasskeyFormSchema } from "../../schemas/passkeys.ts";
import { type ActionErrors, appErrorData, validateForm } from "../lib/forms.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { dataWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-passkeys";

/**
 * The profile's "Passkeys" (app/components/passkeys.tsx), which loads and posts here with fetchers of its own:
 * the person's passkeys and a name for one made on this device ("Chrome on Windows", from the browser), then
 * renaming and removing one (anyone else's: not found). Adding one is the browser's WebAuthn ceremony with
 * /api/auth/passkey (app/lib/passkeys.client.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { items } = await context.get(appContext).services.accounts.passkeys.list(user);
  return { passkeys: items, thisDevice: describeDevice(request.headers.get("user-agent")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const intent = z.enum(["rename", "remove"]).safeParse(form.get("intent"));
  if (!intent.success) return data<ActionErrors>({ formError: "Choose what to do." }, { status: 400 });
  const { passkeys } = context.get(appContext).services.accounts;
  try {
    if (intent.data === "rename") {
      const parsed = validateForm(form, renamePasskeyFormSchema);
      if (parsed.error) return parsed.error;
      await passkeys.rename(user, parsed.value.id, parsed.value.name);
      return dataWithToast(context, { ok: "renamed" as const }, { type: "success", message: M.renamed });
    }
    const parsed = validateForm(form, removePasskeyFormSchema);
    if (parsed.error) return parsed.error;
    await passkeys.remove(user, parsed.value.id);
    return dataWithToast(context, { ok: "removed" as const }, { type: "success", message: M.removed });
  } catch (error) {
    return appErrorData(error);
  }
}
