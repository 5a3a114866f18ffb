import { TextField } from "./form-field.tsx";
import { RemoveBox } from "./remove-box.tsx";

/**
 * "Serial number (optional, private)": typed, kept only as a keyed hash (core/catalogue/serial-numbers.ts), never
 * shown again — editing, the form says one is recorded, which a new number replaces or the checkbox removes.
 */
export function SerialNumberField({ recorded, error }: { recorded: boolean; error?: string }) {
  return (
    <div className="flex flex-col gap-2 md:col-span-3">
      <TextField
        label="Serial number (optional, private)"
        name="serialNumber"
        error={error}
        autoComplete="off"
        spellCheck={false}
        hint={
          recorded
            ? "A serial number is recorded for this laptop. Type another to replace it; leave it empty to keep it."
            : "Never shown to anyone. We keep only a fingerprint of it, to spot stolen laptops and copied adverts."
        }
      />
      {recorded && <RemoveBox name="removeSerialNumber" label="Remove the serial number" />}
    </div>
  );
}
