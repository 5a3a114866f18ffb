import { and, eq, gt, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { stagedPhotos } from "../../db/schema/index.ts";
import { isStagedId, PHOTO_MESSAGES as M, PHOTO_LIMITS } from "../../schemas/advert-photos.ts";
import type { Actor } from "../accounts/index.ts";
import { AppError } from "../errors.ts";
import { stagedSince } from "./staged-photos.ts";

/** A photo in media storage with its perceptual hash (core/media/photo-hash.ts). */
export type StoredPhoto = { key: string; hash: bigint };

/** What an advert form says of its photos (schemas/advert-photos.ts), the files already stored. */
export interface PhotoChoice {
  photo: string[];
  photoOrder: boolean;
  removePhoto: string[];
}

const refuse = (message: string) => new AppError("VALIDATION_FAILED", message, { photos: message });

/**
 * An advert's photos after a post or an edit, in the seller's order (the first is the cover), and those new
 * to it (whose hashes are saved for the duplicate-photo signal). Runs in the advert's transaction: a staged
 * photo is used up (its row deleted) only if the advert is written, and only its uploader can use it — one
 * named by anyone else, expired or used already is refused in the same words. A key kept must be one of this
 * advert's photos: nobody attaches a photo by its address.
 *
 * With `photoOrder`, `photo` lists every photo kept (the picker); without it (a form without JavaScript, an
 * API call), the advert's photos stay, less `removePhoto`, followed by `photo`. Uploaded files come last.
 */
export async function chosenPhotos(
  tx: Tx,
  actor: Actor,
  current: string[],
  choice: PhotoChoice,
  uploaded: StoredPhoto[],
): Promise<{ keys: string[]; added: StoredPhoto[] }> {
  const named = choice.photoOrder
    ? choice.photo
    : [...current.filter((key) => !choice.removePhoto.includes(key)), ...choice.photo];
  const ids = named.filter(isStagedId);
  const staged = await takeStaged(tx, actor, ids);
  const added: StoredPhoto[] = [];
  const keys: string[] = [];
  for (const token of named) {
    if (isStagedId(token)) {
      const photo = staged.get(token) as StoredPhoto;
      keys.push(photo.key);
      added.push(photo);
    } else if (current.includes(token)) {
      keys.push(token);
    } else {
      throw refuse(M.notThisAdverts);
    }
  }
  keys.push(...uploaded.map((p) => p.key));
  added.push(...uploaded);
  // The same picture twice (same bytes, same key) is one photo.
  const unique = [...new Set(keys)];
  if (unique.length === 0) throw refuse(M.required);
  if (unique.length > PHOTO_LIMITS.maxPhotos) throw refuse(M.tooMany);
  return { keys: unique, added: added.filter((p) => !current.includes(p.key)) };
}

/** Takes this actor's staged photos out of waiting; any id not among them refuses the whole form. */
async function takeStaged(tx: Tx, actor: Actor, ids: string[]) {
  if (ids.length === 0) return new Map<string, StoredPhoto>();
  const rows = await tx
    .delete(stagedPhotos)
    .where(
      and(inArray(stagedPhotos.id, ids), eq(stagedPhotos.ownerId, actor.id), gt(stagedPhotos.createdAt, stagedSince())),
    )
    .returning({ id: stagedPhotos.id, key: stagedPhotos.photoKey, hash: stagedPhotos.hash });
  if (rows.length !== new Set(ids).size) throw refuse(M.gone);
  return new Map(rows.map((r) => [r.id, { key: r.key, hash: r.hash }]));
}
