import { ROLES, type Role } from "./values.ts";

/**
 * Roles and what each may do: the one place that names them, pure so that the pages' components and
 * the server share it (core/accounts re-exports it with the server's refusals).
 * A seller who switched to acting as a buyer (actingAsSeller = false) is treated as a buyer.
 */
export { ROLES, type Role };

export interface Actor {
  id: string;
  role: string;
  actingAsSeller: boolean;
}

export const isAdmin = (a: Pick<Actor, "role">) => a.role === "admin";
/** Has the seller role, in either mode: sees the Seller/User switch. */
export const isSeller = (a: Pick<Actor, "role">) => a.role === "seller";
/** Sellers acting as sellers. */
export const isActingSeller = (a: Pick<Actor, "role" | "actingAsSeller">) => isSeller(a) && a.actingAsSeller;
/** Everyone who is not an admin books and pays: buyers, and sellers too (spec §2, side menu). */
export const canBuy = (a: Pick<Actor, "role">) => a.role !== "admin";

/** Where a request may go: "buyer" is My Orders and the rest of buying, closed to admins. */
export type Area = "signed-in" | "admin" | "seller" | "buyer";

/** Whether an actor may enter an area of the dashboard or the API. */
export function mayEnter(actor: Pick<Actor, "role" | "actingAsSeller">, area: Area): boolean {
  switch (area) {
    case "signed-in":
      return true;
    case "admin":
      return isAdmin(actor);
    case "seller":
      return isActingSeller(actor);
    case "buyer":
      return canBuy(actor);
  }
}

/**
 * Why an actor may not post an advert, so the page can say what to do instead of sending them away:
 * a seller acting as a user switches back; a buyer needs a seller account; an admin posts nothing.
 */
export type PostingRefusal = "actingAsUser" | "buyer" | "admin";

export function postingRefusal(actor: Pick<Actor, "role" | "actingAsSeller">): PostingRefusal | null {
  if (isActingSeller(actor)) return null;
  if (isSeller(actor)) return "actingAsUser";
  return isAdmin(actor) ? "admin" : "buyer";
}
