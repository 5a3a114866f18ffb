import { z } from "zod";

/** A file input that was filled in (an empty input posts a nameless, empty File). */
export const isFile = (v: unknown): v is File => typeof File !== "undefined" && v instanceof File && v.size > 0;
const requiredFile = (message: string) => z.custom<File>(isFile, { message });
const optionalFile = z.unknown().transform((v) => (isFile(v) ? v : undefined));

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const brandSchema = z.object({
  name: text("Name is required", 60, "Name must be 60 characters or fewer"),
  image: requiredFile("Brand image is required"),
});

export const brandUpdateSchema = z.object({
  name: brandSchema.shape.name,
  image: optionalFile,
});

export type BrandInput = z.infer<typeof brandSchema>;
export type BrandUpdate = z.infer<typeof brandUpdateSchema>;
