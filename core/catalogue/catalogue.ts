import { and, asc, count, desc, eq, ilike, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adverts, brands, users } from "../../db/schema.ts";
import { isActingSeller, isAdmin, type Actor as RoleActor } from "../accounts/roles.ts";
import { AppError } from "../errors.ts";
import { mediaUrl } from "../media/storage.ts";
import { isUuid } from "./db-errors.ts";

type Actor = RoleActor & { email: string };

export interface BrandView {
  id: string;
  name: string;
  imageUrl: string;
}

export interface AdvertCard {
  id: string;
  name: string;
  brandName: string;
  imageUrl: string;
  originalPriceCents: number;
  resalePriceCents: number;
  yearsOfUse: number;
  location: string;
  condition: string;
  sellerName: string;
  sellerVerified: boolean;
  sold: boolean;
  createdAt: string;
}

export interface SellerAdvert {
  id: string;
  name: string;
  imageUrl: string;
  resalePriceCents: number;
  advertised: boolean;
  sold: boolean;
}

const available = eq(adverts.status, "available");
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const cardColumns = {
  id: adverts.id,
  name: adverts.name,
  brandName: brands.name,
  imageKey: adverts.imageKey,
  originalPriceCents: adverts.originalPriceCents,
  resalePriceCents: adverts.resalePriceCents,
  yearsOfUse: adverts.yearsOfUse,
  location: adverts.location,
  condition: adverts.condition,
  sellerName: users.name,
  sellerVerified: users.verified,
  status: adverts.status,
  createdAt: adverts.createdAt,
};

type CardRow = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]["_"]["data"];
};

function toCard({ imageKey, status, createdAt, ...row }: CardRow): AdvertCard {
  return { ...row, imageUrl: mediaUrl(imageKey), sold: status === "sold", createdAt: createdAt.toISOString() };
}

export function createCatalogue({ db }: { db: Db }) {
  return {
    /** Brands are few (dozens); the list is bounded all the same. */
    async listBrands(limit = 200): Promise<BrandView[]> {
      const rows = await db
        .select({ id: brands.id, name: brands.name, imageKey: brands.imageKey })
        .from(brands)
        .orderBy(asc(brands.name))
        .limit(limit);
      return rows.map(({ imageKey, ...b }) => ({ ...b, imageUrl: mediaUrl(imageKey) }));
    },

    /** Advertised, available laptops for the home page, newest first. */
    async latestAdvertised(limit = 6): Promise<AdvertCard[]> {
      const rows = await db
        .select(cardColumns)
        .from(adverts)
        .innerJoin(brands, eq(brands.id, adverts.brandId))
        .innerJoin(users, eq(users.id, adverts.sellerId))
        .where(and(available, eq(adverts.advertised, true)))
        .orderBy(desc(adverts.createdAt), desc(adverts.id))
        .limit(limit);
      return rows.map(toCard);
    },

    async getBrand(id: string): Promise<BrandView | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ id: brands.id, name: brands.name, imageKey: brands.imageKey })
        .from(brands)
        .where(eq(brands.id, id));
      return row ? { id: row.id, name: row.name, imageUrl: mediaUrl(row.imageKey) } : null;
    },

    /** Available laptops of one brand, newest first (bounded; pagination comes with the catalogue issue). */
    async listByBrand(brandId: string, limit = 48): Promise<AdvertCard[]> {
      const rows = await db
        .select(cardColumns)
        .from(adverts)
        .innerJoin(brands, eq(brands.id, adverts.brandId))
        .innerJoin(users, eq(users.id, adverts.sellerId))
        .where(and(available, eq(adverts.brandId, brandId)))
        .orderBy(desc(adverts.createdAt), desc(adverts.id))
        .limit(limit);
      return rows.map(toCard);
    },

    /** Newest available laptops, optionally matching a name fragment. */
    async listAvailable({ q, limit = 24 }: { q?: string; limit?: number }): Promise<AdvertCard[]> {
      const rows = await db
        .select(cardColumns)
        .from(adverts)
        .innerJoin(brands, eq(brands.id, adverts.brandId))
        .innerJoin(users, eq(users.id, adverts.sellerId))
        .where(and(available, q ? ilike(adverts.name, `%${escapeLike(q)}%`) : undefined))
        .orderBy(desc(adverts.createdAt), desc(adverts.id))
        .limit(limit);
      return rows.map(toCard);
    },

    /**
     * A seller's own adverts, every status, newest first. Sellers see only their own;
     * admins may look at anyone's.
     */
    async listSellerAdverts(actor: Actor, sellerEmail: string, limit = 100): Promise<SellerAdvert[]> {
      if (!isAdmin(actor) && !(isActingSeller(actor) && actor.email.toLowerCase() === sellerEmail.toLowerCase())) {
        throw new AppError("FORBIDDEN", "This route is forbidden for you!");
      }
      const rows = await db
        .select({
          id: adverts.id,
          name: adverts.name,
          imageKey: adverts.imageKey,
          resalePriceCents: adverts.resalePriceCents,
          advertised: adverts.advertised,
          status: adverts.status,
        })
        .from(adverts)
        .innerJoin(users, eq(users.id, adverts.sellerId))
        .where(and(eq(users.email, sellerEmail.toLowerCase()), ne(adverts.status, "withdrawn")))
        .orderBy(desc(adverts.createdAt), desc(adverts.id))
        .limit(limit);
      return rows.map(({ imageKey, status, ...r }) => ({
        ...r,
        imageUrl: mediaUrl(imageKey),
        sold: status === "sold",
      }));
    },

    async countAvailable(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(adverts).where(available);
      return Number(row?.n ?? 0);
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
