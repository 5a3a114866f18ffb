import { z } from "zod";

/**
 * Reply shapes several domains share. Each domain's own requests and replies are in its file
 * (accounts.ts, catalogue.ts, search.ts, orders.ts, moderation.ts); the API's error shape is the
 * edge's (server/http/errors.ts).
 */

/** Something was created: its id. */
export const createdSchema = z.object({ id: z.uuid() });
export type Created = z.infer<typeof createdSchema>;

/** A setting was applied: whether it changed anything (false when it already was so). */
export const modifiedSchema = z.object({ modified: z.boolean() });
