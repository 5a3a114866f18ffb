import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stagedPhotos } from "../../db/schema/index.ts";
import { PHOTO_MESSAGES as M, PHOTO_LIMITS, type StagedPhoto } from "../../schemas/advert-photos.ts";
import type { Actor } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import type { JobQueue } from "../jobs/index.ts";
import { type MediaStorage, mediaUrl, storePhoto } from "../media/index.ts";
import { requireSeller } from "./owned-advert.ts";

export const EXPIRE_STAGED_PHOTOS = "catalogue.expire-staged-photos";

/** Since when a staged photo may still be used: older ones are as good as gone, swept or not. */
export const stagedSince = () => new Date(Date.now() - PHOTO_LIMITS.stagedHours * 60 * 60 * 1000);

/**
 * The photo picker uploads one photo ahead of its form: checked and re-encoded like any advert photo
 * (core/media), stored, and kept for its uploader only, who names it by id when posting or saving the form.
 */
export async function stagePhoto(db: Db, media: MediaStorage, actor: Actor, file: File): Promise<StagedPhoto> {
  requireSeller(actor);
  const [waiting] = await db
    .select({ n: count() })
    .from(stagedPhotos)
    .where(and(eq(stagedPhotos.ownerId, actor.id), gt(stagedPhotos.createdAt, stagedSince())));
  if ((waiting?.n ?? 0) >= PHOTO_LIMITS.maxStaged) {
    throw new AppError("TOO_MANY_REQUESTS", M.tooManyWaiting, { photo: M.tooManyWaiting });
  }
  const photo = await storePhoto(media, file, "photo");
  const [row] = await db
    .insert(stagedPhotos)
    .values({ ownerId: actor.id, photoKey: photo.key, hash: photo.hash })
    .returning({ id: stagedPhotos.id });
  return { id: (row as { id: string }).id, url: mediaUrl(photo.key) };
}

/** Deletes staged photos nobody used in time (their files stay, as every replaced photo's do: content-addressed). */
export async function expireStagedPhotos(db: Db) {
  await db.delete(stagedPhotos).where(lt(stagedPhotos.createdAt, stagedSince()));
}

/** Hourly, once per cluster (a pg-boss schedule): not a timer in one process, which may stop or be one of many. */
export function defineStagedPhotoExpiry({ db, queue }: { db: Db; queue: JobQueue }) {
  queue.define(EXPIRE_STAGED_PHOTOS, async () => void (await expireStagedPhotos(db)), {
    cron: "23 * * * *",
    retryLimit: 1,
  });
}
