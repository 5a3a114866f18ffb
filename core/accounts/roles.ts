import { MESSAGES } from "../../schemas/messages.ts";
import { type Actor, isAdmin } from "../../schemas/roles.ts";
import { AppError } from "../errors.ts";

/** Roles and what each may do (schemas/roles.ts), with the server's refusal. */
export * from "../../schemas/roles.ts";

/** The spec's refusal for a role that may not do this. */
export const forbidden = () => new AppError("FORBIDDEN", MESSAGES.toast.forbidden);

export function requireAdmin(a: Actor) {
  if (!isAdmin(a)) throw forbidden();
}
