import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Area, SessionUser } from "../../core/accounts/index.ts";
import { appErrorData, parseForm } from "./forms.server.ts";
import { requireUser } from "./session.server.ts";
import { redirectWithToast } from "./toast.server.ts";

/** Where a seller's own adverts are listed (My Products): posting and editing lead there. */
export const myProductsPath = (email: string) => `/dashboard/adds/${encodeURIComponent(email)}`;

/**
 * The action of a page whose form saves one thing, then leaves (Add Brand, Add and Edit Advertisement): who may
 * post it, the form checked by its shared schema, the domain's call (a refusal is shown on the form), then
 * the page it leads to with a toast.
 */
export async function saveAndLeave<S extends z.ZodType>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  {
    area,
    schema,
    save,
    leave,
  }: {
    area: Area;
    schema: S;
    save: (user: SessionUser, value: z.infer<S>) => Promise<unknown>;
    leave: (user: SessionUser, value: z.infer<S>) => { to: string; message: string };
  },
) {
  const user = await requireUser(request, context, area);
  const parsed = await parseForm(request, schema);
  if (parsed.error) return parsed.error;
  try {
    await save(user, parsed.value);
  } catch (error) {
    return appErrorData(error);
  }
  const { to, message } = leave(user, parsed.value);
  return redirectWithToast(context, to, { type: "success", message });
}
