import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts } from "../../db/schema/index.ts";
import { CATALOGUE_MESSAGES as M } from "../../schemas/messages.ts";
import { type Actor, isActingSeller, isAdmin } from "../accounts/index.ts";
import { AppError } from "../errors.ts";

export const advertNotFound = () => new AppError("NOT_FOUND", M.advertNotFound);

/** Who the seller is comes from the session (the actor), never from the form. */
export function requireSeller(actor: Actor) {
  if (!isActingSeller(actor)) throw new AppError("FORBIDDEN", M.sellersOnly);
}

/**
 * The advert, if this actor may change it: its seller, acting as one (ownership is part of the query). Admins
 * only where `orAdmin` says so (removing an advert); editing and featuring one is its seller's alone.
 */
export async function ownedAdvert(db: Db, actor: Actor, id: string, { orAdmin = false } = {}) {
  const asAdmin = orAdmin && isAdmin(actor);
  const ownership: SQL | undefined = asAdmin ? undefined : eq(adverts.sellerId, actor.id);
  if (!asAdmin) requireSeller(actor);
  const [row] = await db
    .select({ id: adverts.id, status: adverts.status, sellerId: adverts.sellerId, name: adverts.name })
    .from(adverts)
    .where(and(eq(adverts.id, id), ownership));
  if (!row || row.status === "withdrawn") throw advertNotFound();
  return row;
}

/** Its seller's advert while it can still change: a sold or rejected one stays as it is. */
export async function changeableAdvert(db: Db, actor: Actor, id: string) {
  const advert = await ownedAdvert(db, actor, id);
  if (advert.status === "sold") throw new AppError("CONFLICT", M.sold);
  if (advert.status === "rejected") throw new AppError("CONFLICT", M.rejected);
  return advert;
}
