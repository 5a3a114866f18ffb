import type { z } from "zod";
import { fieldErrors } from "../../schemas/form-errors.ts";
import { AppError } from "../errors.ts";

/**
 * Input a verb checks itself (it may come from the API, a page or a seed alike): the parsed value, or a 400
 * naming each field — the first message said on its own, for a caller that shows one.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error);
  throw new AppError("VALIDATION_FAILED", Object.values(fields)[0] ?? "Check the highlighted fields.", fields);
}
