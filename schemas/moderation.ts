import { z } from "zod";
import { REPORT_REASONS } from "./values.ts";

export { REPORT_REASONS };

export const reportSchema = z.object({
  advertId: z.string().min(1),
  reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }),
  details: z
    .string()
    .trim()
    .max(1000, "Keep it under 1000 characters")
    .optional()
    .transform((v) => v || undefined),
});

export const removalSchema = z.object({
  reason: z
    .string({ error: "Tell the seller why" })
    .trim()
    .min(1, "Tell the seller why")
    .max(300, "Keep it under 300 characters"),
});

export type ReportInput = z.infer<typeof reportSchema>;
