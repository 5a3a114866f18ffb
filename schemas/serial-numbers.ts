import { z } from "zod";
import { requiredText } from "./text-fields.ts";
import { visibleText } from "./text-safety.ts";

/**
 * A laptop's serial number as the advert form and the admins' stolen list take it: spaces and dashes dropped,
 * letters in capitals, so that "pf-1a2b 3c" and "PF1A2B3C" are the same laptop. Only a keyed hash of it is ever
 * kept (core/catalogue/serial-numbers.ts).
 */
// Invisible characters (zero-width spaces, bidi controls) go too: a serial of nothing visible is no serial.
const normalised = (v: string) => visibleText(v).replace(/[\s-]/g, "").toUpperCase();
const SERIAL_NUMBER_ERROR = "Serial number must be 4 to 40 letters and digits, as printed under the laptop";
const isSerial = (v: string) => /^[A-Z0-9]{4,40}$/.test(v);

/** The advert form's "Serial number (optional, private)": left empty, the advert's stays as it was. */
export const optionalSerialNumber = z
  .string()
  .optional()
  .transform((v) => (v ? normalised(v) : "") || undefined)
  .refine((v) => v === undefined || isSerial(v), SERIAL_NUMBER_ERROR);

/** An admin records a serial reported stolen, with where the report came from. */
export const stolenSerialSchema = z.object({
  serialNumber: z
    .string({ error: "Serial number is required" })
    .transform(normalised)
    .refine((v) => v !== "", { message: "Serial number is required", abort: true })
    .refine(isSerial, SERIAL_NUMBER_ERROR),
  reason: requiredText("Say where the report comes from (a police reference, a buyer's report)").max(
    300,
    "Keep it under 300 characters",
  ),
});
export type StolenSerialInput = z.infer<typeof stolenSerialSchema>;

/** A serial on the stolen list, as admins see it: never the number (it is not kept), its report and reach. */
export const stolenSerialRowSchema = z
  .object({
    id: z.uuid(),
    reason: z.string(),
    reportedBy: z.string().meta({ description: "The admin who recorded it" }),
    reportedAt: z.string(),
    adverts: z.int().meta({ description: "Adverts with this serial number, in any state" }),
  })
  .meta({ id: "StolenSerial" });
export type StolenSerial = z.infer<typeof stolenSerialRowSchema>;
export const stolenSerialListSchema = z.object({
  serials: z.array(stolenSerialRowSchema),
  next: z.string().nullable(),
});
