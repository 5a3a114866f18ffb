import { z } from "zod";
import { PERFORMANCE_TIERS } from "./values.ts";

/** What the seller is told when the catalogue cannot place their processor (the advert still posts). */
export const UNRECOGNISED_PROCESSOR = "We don't recognise this processor; it will be listed without a performance tier";
/** The same, while the text is the start of processors it suggests (the seller is still typing one). */
export const UNRECOGNISED_WITH_SUGGESTIONS =
  "Not recognised yet: pick a suggestion for a performance tier, or keep your text (listed without a tier)";

export const processorQuerySchema = z.object({
  q: z.string().trim().max(100, "Processor must be 100 characters or fewer").default(""),
});

const processorSchema = z
  .object({ key: z.string(), name: z.string(), performanceTier: z.enum(PERFORMANCE_TIERS) })
  .meta({ id: "Processor" });

/** The processor field's hints: what the text is read as, and processors to pick from. */
export const processorHintsSchema = z.object({
  recognised: processorSchema
    .extend({
      exact: z.boolean().meta({ description: 'false: a best guess from a family and generation ("i7 8th gen")' }),
    })
    .nullable()
    .meta({ description: "What the text is read as; null when it is not recognised" }),
  suggestions: z.array(processorSchema).max(8),
});
export type ProcessorHints = z.infer<typeof processorHintsSchema>;
