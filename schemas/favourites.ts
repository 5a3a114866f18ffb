import { z } from "zod";

/**
 * Favourites' requests and replies: the API validates with them, the OpenAPI document is generated from
 * them, and the pages share the words.
 */

export const FAVOURITE_STATUSES = ["available", "booked", "sold", "gone"] as const;
export type FavouriteStatus = (typeof FAVOURITE_STATUSES)[number];

/** What each status reads as, on the page and in the API's docs. */
export const FAVOURITE_STATUS_LABELS: Record<FavouriteStatus, string> = {
  available: "Available",
  booked: "Booked",
  sold: "Sold",
  gone: "No longer for sale",
};

export const favouriteSchema = z
  .object({
    advertId: z.uuid(),
    name: z.string(),
    /** Null when the advert is gone. */
    imageUrl: z.string().nullable(),
    status: z.enum(FAVOURITE_STATUSES).meta({ description: "gone: deleted, removed or no longer exists" }),
    savedPriceCents: z.int(),
    /** Null when the advert is gone. */
    priceCents: z.int().nullable(),
    /** Now minus then: negative when the price went down. Null when the advert is gone. */
    priceChangeCents: z.int().nullable(),
    savedAt: z.string(),
  })
  .meta({ id: "Favourite" });
export type Favourite = z.infer<typeof favouriteSchema>;

export const favouritePageSchema = z.object({
  items: z.array(favouriteSchema),
  next: z.string().nullable().meta({ description: "The cursor of the next page; null on the last page" }),
});
export type FavouritePage = z.infer<typeof favouritePageSchema>;

export const favouritePageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const favouriteParams = z.object({ advertId: z.uuid({ error: "Not a valid laptop id" }) });

export const favouriteStateSchema = z.object({ advertId: z.uuid(), saved: z.boolean() });

/** The heart's form (pages): save or remove, and where a browser without JavaScript goes back to. */
export const favouriteFormSchema = z.object({
  advertId: z.uuid({ error: "Not a valid laptop id" }),
  intent: z.enum(["save", "remove"], { error: "Choose save or remove" }),
});

export const FAVOURITE_MESSAGES = {
  notFound: "This laptop does not exist.",
  notSaved: "This laptop is not in your favourites.",
  forbidden: "Admins do not keep favourites.",
  badCursor: "This page of favourites does not exist.",
  saved: "Saved to your favourites.",
  removed: "Removed from your favourites.",
  loginToSave: "Log in to save this laptop to your favourites.",
  save: "Save to favourites",
  remove: "Remove from favourites",
} as const;

/** "↓ $40 since you saved it": the price change as a person reads it (null when there is none). */
export function priceChangeText(changeCents: number | null, format: (cents: number) => string): string | null {
  if (!changeCents) return null;
  return `${changeCents < 0 ? "↓" : "↑"} ${format(Math.abs(changeCents))} since you saved it`;
}
