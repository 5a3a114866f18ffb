import { count, eq } from "drizzle-orm";
import { announce } from "../../db/broadcast.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation, isUuid } from "../../db/errors.ts";
import { adverts, brands } from "../../db/schema/index.ts";
import type { BrandInput, BrandUpdate } from "../../schemas/catalogue.ts";
import type { Actor } from "../accounts/index.ts";
import { recordAdminAction } from "../audit/index.ts";
import { AppError } from "../errors.ts";
import type { MediaStorage } from "../media/index.ts";
import { storeImage } from "../media/index.ts";

/**
 * Announced when a brand is added, renamed or deleted (on commit): every process's catalogue reads the
 * brand list again, which it keeps to recognise brand names in typed searches.
 */
export const BRANDS_CHANNEL = "brands_changed";

const duplicate = (name: string) =>
  new AppError("CONFLICT", `A brand named ${name} already exists.`, { name: "A brand with this name already exists" });

/** Admin-only changes to brands (callers check the admin role first); each is recorded. */
export function createBrandAdmin({ db, media }: { db: Db; media: MediaStorage }) {
  async function requireBrand(id: string) {
    const [brand] = isUuid(id) ? await db.select().from(brands).where(eq(brands.id, id)) : [];
    if (!brand) throw new AppError("NOT_FOUND", "This brand does not exist.");
    return brand;
  }

  return {
    async create(admin: Actor, input: BrandInput) {
      const imageKey = await storeImage(media, Buffer.from(await input.image.arrayBuffer()), "image");
      try {
        return await db.transaction(async (tx) => {
          const [brand] = await tx.insert(brands).values({ name: input.name, imageKey }).returning({ id: brands.id });
          const id = (brand as { id: string }).id;
          await recordAdminAction(tx, admin.id, "add-brand", { type: "brand", id }, `Added brand ${input.name}`);
          await announce(tx, BRANDS_CHANNEL);
          return { id };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(input.name);
        throw error;
      }
    },

    /** Renames a brand and, when a new logo comes with it, replaces the logo (new key, new URL). */
    async update(admin: Actor, id: string, input: BrandUpdate) {
      const before = await requireBrand(id);
      const imageKey = input.image
        ? await storeImage(media, Buffer.from(await input.image.arrayBuffer()), "image")
        : undefined;
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(brands)
            .set({ name: input.name, ...(imageKey && { imageKey }) })
            .where(eq(brands.id, id));
          await recordAdminAction(
            tx,
            admin.id,
            "edit-brand",
            { type: "brand", id },
            `Edited brand ${before.name}${before.name === input.name ? "" : ` → ${input.name}`}${imageKey ? " (new logo)" : ""}`,
          );
          await announce(tx, BRANDS_CHANNEL);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(input.name);
        throw error;
      }
    },

    /** Only a brand without laptops can go: nothing is deleted behind an admin's back. */
    async remove(admin: Actor, id: string) {
      const brand = await requireBrand(id);
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
    },
  };
}

export type BrandAdmin = ReturnType<typeof createBrandAdmin>;
