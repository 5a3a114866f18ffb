import { z } from "zod";
import { advertCardSchema } from "./catalogue.ts";
import { FAVOURITE_STATUSES } from "./favourite-labels.ts";
import { keysetPage, keysetPageQuery } from "./keyset-pages.ts";

/**
 * Favourites' requests and replies: the API validates with them, the OpenAPI document is generated from
 * them, and the pages share the words.
 */

/** A laptop someone keeps track of (a favourite, a saved search's match) as it is now: it may be gone since. */
export const trackedLaptopSchema = z.object({
  advertId: z.uuid(),
  name: z.string(),
  /** Null when the advert is gone. */
  imageUrl: z.string().nullable(),
  status: z.enum(FAVOURITE_STATUSES).meta({ description: "gone: deleted, removed or no longer exists" }),
});

/**
 * A followed laptop in its list, as the API answers and the pages show it: what the list knows, and the
 * laptop's card (the same as on every other page) while it has a page.
 */
export const withCard = <Item extends typeof trackedLaptopSchema>(item: Item) =>
  item.extend({ card: advertCardSchema.nullable().meta({ description: "The laptop's card; null once it is gone" }) });

export const favouriteSchema = trackedLaptopSchema.extend({
  savedPriceCents: z.int(),
  /** Null when the advert is gone. */
  priceCents: z.int().nullable(),
  /** Now minus then: negative when the price went down. Null when the advert is gone. */
  priceChangeCents: z.int().nullable(),
  savedAt: z.string(),
});
export type Favourite = z.infer<typeof favouriteSchema>;

export const favouritePageSchema = keysetPage(withCard(favouriteSchema).meta({ id: "Favourite" }));

export const favouritePageQuery = keysetPageQuery;

export const favouriteStateSchema = z.object({ advertId: z.uuid(), saved: z.boolean() });

/** The heart's form (pages): save or remove, and where a browser without JavaScript goes back to. */
export const favouriteFormSchema = z.object({
  advertId: z.uuid({ error: "Not a valid laptop id" }),
  intent: z.enum(["save", "remove"], { error: "Choose save or remove" }),
});

export {
  FAVOURITE_MESSAGES,
  FAVOURITE_STATUS_LABELS,
  FAVOURITE_STATUSES,
  type FavouriteStatus,
  followedStatus,
  priceChangeText,
} from "./favourite-labels.ts";
