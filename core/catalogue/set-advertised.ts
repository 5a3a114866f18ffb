import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts } from "../../db/schema/index.ts";
import type { Actor } from "../accounts/index.ts";
import { changeableAdvert } from "./owned-advert.ts";

/** Add To Advertisement / Remove Advertisement: its seller features it on the home page, or stops. */
export async function setAdvertised(db: Db, actor: Actor, id: string, advertised: boolean) {
  await changeableAdvert(db, actor, id);
  await db.update(adverts).set({ advertised }).where(eq(adverts.id, id));
}
