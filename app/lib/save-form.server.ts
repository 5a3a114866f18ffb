import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Area, SessionUser } from "../../core/accounts/index.ts";
import { appErrorData, parseForm } from "./forms.server.ts";
import { requireUser } from "./session.server.ts";
import { dataWithToast, redirectWithToast } from "./toast.server.ts";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

interface SaveForm<S extends z.ZodType> {
  /** Who may post the form (anyone signed in by default). */
  area?: Area;
  /** The form's shared schema: the page checked it in the browser, the action checks it again. */
  schema: S;
  /** The domain's call; a refusal it throws is shown on the form. */
  save: (user: SessionUser, value: z.infer<S>) => Promise<unknown>;
}

/**
 * The action of a form that saves one thing: who may post it, the form checked by its schema, the domain's
 * call. What comes back is the refusal to show on the form, or who saved what.
 */
async function saved<S extends z.ZodType>({ request, context }: ActionArgs, form: SaveForm<S>) {
  const user = await requireUser(request, context, form.area);
  const parsed = await parseForm(request, form.schema);
  if (parsed.error) return { refusal: parsed.error };
  try {
    await form.save(user, parsed.value);
  } catch (error) {
    return { refusal: appErrorData(error, parsed.form) };
  }
  return { user, value: parsed.value };
}

/** A page that saves its form, then leads to another (Add Brand, Add and Edit Advertisement), with a toast. */
export async function saveAndLeave<S extends z.ZodType>(
  args: ActionArgs,
  form: SaveForm<S> & { leave: (user: SessionUser, value: z.infer<S>) => { to: string; message: string } },
) {
  const done = await saved(args, form);
  if ("refusal" in done) return done.refusal;
  const { to, message } = form.leave(done.user, done.value);
  return redirectWithToast(args.context, to, { type: "success", message });
}

/** A form that saves and answers in place (a modal's: booking, reporting), with a toast: `{ ok: true }`. */
export async function saveInPlace<S extends z.ZodType>(args: ActionArgs, form: SaveForm<S> & { message: string }) {
  const done = await saved(args, form);
  if ("refusal" in done) return done.refusal;
  return dataWithToast(args.context, { ok: true as const }, { type: "success", message: form.message });
}
