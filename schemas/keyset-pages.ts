import { z } from "zod";
import { numberInText } from "./form-values.ts";

/**
 * The lists read in keyset pages (the inbox, favourites, notifications, open disputes, My Sales, saved searches'
 * matches): a page's items, and the cursor the next request passes back as `cursor`.
 */
export const keysetPage = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    next: z.string().nullable().meta({ description: "The cursor of the next page; null on the last page" }),
  });

/** The request for such a page when the client may also choose its size (the inbox, favourites, notifications). */
export const keysetPageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: numberInText(z.number().int().min(1).max(100).optional()),
});

/**
 * Reported Items' lists are keyset pages too, but name what they hold (`groups`, `reviews`, `conversations`,
 * `adverts`) and leave `next` undescribed: the shape the API has always answered them in.
 */
export const namedKeysetPage = <Key extends string, Item extends z.ZodType>(key: Key, item: Item) =>
  z.object({ [key]: z.array(item), next: z.string().nullable() } as Record<Key, z.ZodArray<Item>> & {
    next: z.ZodNullable<z.ZodString>;
  });
