import { MESSAGES } from "../../schemas/messages.ts";
import { ROLES, type Role } from "../../schemas/values.ts";
import { AppError } from "../errors.ts";

/**
 * Roles and what each may do: the one place that names them.
 * A seller who switched to acting as a user (active = false) is treated as a buyer.
 */
export { ROLES, type Role };

export interface Actor {
  id: string;
  role: string;
  active: boolean;
}

export const isAdmin = (a: Actor) => a.role === "admin";
/** Sellers acting as sellers. */
export const isActingSeller = (a: Actor) => a.role === "seller" && a.active;
/** Everyone who is not an admin books and pays: buyers, and sellers too (spec §2, side menu). */
export const canBuy = (a: Actor) => a.role !== "admin";

/** The spec's refusal for a role that may not do this. */
export const forbidden = () => new AppError("FORBIDDEN", MESSAGES.toast.forbidden);

export function requireAdmin(a: Actor) {
  if (!isAdmin(a)) throw forbidden();
}

export type Area = "signed-in" | "admin" | "seller";

/** Whether an actor may enter an area of the dashboard or the API. */
export function mayEnter(actor: Actor, area: Area): boolean {
  switch (area) {
    case "signed-in":
      return true;
    case "admin":
      return isAdmin(actor);
    case "seller":
      return isActingSeller(actor);
  }
}
