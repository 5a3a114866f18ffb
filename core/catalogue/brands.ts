import { count, eq } from "drizzle-orm";
import { announce } from "../../db/broadcast.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { adverts, brands } from "../../db/schema/index.ts";
import type { BrandInput, BrandUpdate } from "../../schemas/catalogue.ts";
import { CATALOGUE_MESSAGES as M } from "../../schemas/messages.ts";
import type { Actor } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import { type MediaStorage, storeImage } from "../media/index.ts";

// Admins' changes to brands (callers check the admin role first): each is recorded and announced.

/**
 * Announced when a brand is added, renamed or deleted (on commit): every process's catalogue reads the
 * brand list again, which it keeps to recognise brand names in typed searches.
 */
export const BRANDS_CHANNEL = "brands_changed";

async function requireBrand(db: Db, id: string) {
  const [brand] = await db.select().from(brands).where(eq(brands.id, id));
  if (!brand) throw new AppError("NOT_FOUND", M.brandNotFound);
  return brand;
}

/** Writes a brand's name, refusing one another brand has (the names are unique). */
async function namedOnce<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", `A brand named ${name} already exists.`, {
        name: "A brand with this name already exists",
      });
    }
    throw error;
  }
}

export async function createBrand(db: Db, media: MediaStorage, admin: Actor, input: BrandInput) {
  const imageKey = await storeImage(media, input.image, "image");
  return namedOnce(input.name, () =>
    db.transaction(async (tx) => {
      const [brand] = await tx.insert(brands).values({ name: input.name, imageKey }).returning({ id: brands.id });
      const id = (brand as { id: string }).id;
      await recordAdminAction(tx, admin.id, "add-brand", { type: "brand", id }, `Added brand ${input.name}`);
      await announce(tx, BRANDS_CHANNEL);
      return { id };
    }),
  );
}

/** Renames a brand and, when a new logo comes with it, replaces the logo (new key, new URL). */
export async function updateBrand(db: Db, media: MediaStorage, admin: Actor, id: string, input: BrandUpdate) {
  const before = await requireBrand(db, id);
  const imageKey = input.image ? await storeImage(media, input.image, "image") : undefined;
  const renamed = before.name === input.name ? "" : ` → ${input.name}`;
  await namedOnce(input.name, () =>
    db.transaction(async (tx) => {
      await tx
        .update(brands)
        .set({ name: input.name, ...(imageKey && { imageKey }) })
        .where(eq(brands.id, id));
      const summary = `Edited brand ${before.name}${renamed}${imageKey ? " (new logo)" : ""}`;
      await recordAdminAction(tx, admin.id, "edit-brand", { type: "brand", id }, summary);
      await announce(tx, BRANDS_CHANNEL);
    }),
  );
}

/** Only a brand without laptops can go: nothing is deleted behind an admin's back. */
export async function removeBrand(db: Db, admin: Actor, id: string) {
  const brand = await requireBrand(db, id);
  const [row] = await db.select({ n: count() }).from(adverts).where(eq(adverts.brandId, id));
  const n = Number(row?.n ?? 0);
  if (n > 0) {
    throw new AppError(
      "CONFLICT",
      `${brand.name} still has ${n} laptop${n === 1 ? "" : "s"}. Rename the brand instead, or remove its laptops first.`,
    );
  }
  await db.transaction(async (tx) => {
    await tx.delete(brands).where(eq(brands.id, id));
    await recordAdminAction(tx, admin.id, "delete-brand", { type: "brand", id }, `Deleted brand ${brand.name}`);
    await announce(tx, BRANDS_CHANNEL);
  });
}
