import type { Db } from "../../db/client.ts";
import { type Actor, isAdmin } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { lockAdvert, takeDown } from "../orders/index.ts";
import { advertNotFound, ownedAdvert } from "./owned-advert.ts";

/**
 * Deleting withdraws the advert: it leaves the catalogue, its unpaid bookings end (their buyers see it is
 * no longer for sale), and any order that refers to it keeps it. Not while a buyer is paying for it.
 */
export async function withdrawAdvert(db: Db, actor: Actor, id: string) {
  const advert = await ownedAdvert(db, actor, id, { orAdmin: true });
  await db.transaction(async (tx) => {
    const locked = await lockAdvert(tx, id);
    if (!locked) throw advertNotFound();
    // Its seller deletes it; an admin removes it (at once, even while a buyer is paying: decision 8).
    const byAdmin = isAdmin(actor) && advert.sellerId !== actor.id;
    await takeDown(tx, locked, byAdmin ? "remove" : "withdraw", actor.id);
    if (byAdmin) {
      await recordAdminAction(
        tx,
        actor.id,
        "delete-advert",
        { type: "advert", id },
        `Deleted the advert “${advert.name}”`,
      );
    }
  });
}
