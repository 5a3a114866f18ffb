import { useTicked } from "../lib/typed-values.ts";

/**
 * A "Remove …" box of the edit form (a photo, the serial number, the battery report): ticked as a post refused
 * without JavaScript had it (typed-values.ts), so fixing the price does not quietly keep what was to go.
 */
export function RemoveBox({ name, value = "true", label }: { name: string; value?: string; label: string }) {
  const ticked = useTicked();
  return (
    <label className="flex min-h-6 items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={ticked(name, value)}
        className="checkbox checkbox-sm"
      />
      <span>{label}</span>
    </label>
  );
}
