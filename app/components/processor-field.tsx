import { useEffect, useId, useRef, useState } from "react";
import {
  type ProcessorHints,
  UNRECOGNISED_PROCESSOR,
  UNRECOGNISED_WITH_SUGGESTIONS,
} from "../../schemas/processors.ts";
import { FieldError } from "./form-field.tsx";

/** Answers already fetched on this page, by text: typing back and forth asks once. */
const answers = new Map<string, Promise<ProcessorHints | null>>();

function hintsFor(text: string): Promise<ProcessorHints | null> {
  let answer = answers.get(text);
  if (!answer) {
    answer = fetch(`/api/processors?q=${encodeURIComponent(text)}`)
      .then((r) => (r.ok ? (r.json() as Promise<ProcessorHints>) : null))
      .catch(() => null);
    answers.set(text, answer);
  }
  return answer;
}

/** On the advert form, a processor it does not know is kept as typed and listed without a tier. */
const ADVERT_FORM_WORDS = { unknown: UNRECOGNISED_PROCESSOR, startOfSome: UNRECOGNISED_WITH_SUGGESTIONS };

/**
 * The Processor field: free text, kept as typed. With JavaScript it is an ARIA 1.2 combobox that suggests
 * processors of the catalogue's list as the seller types (arrows move, Enter picks, Escape closes) and says
 * what the text is read as — or that it is not recognised (`unrecognised`: on the advert form, it will be
 * listed without a tier). Without JavaScript it is a plain text input.
 */
export function ProcessorField({
  defaultValue,
  error,
  onPick,
  unrecognised = ADVERT_FORM_WORDS,
}: {
  defaultValue?: string;
  error?: string;
  /** A suggestion was picked: the value changed without an input event (the form's price guidance asks). */
  onPick?: (form: HTMLFormElement | null | undefined) => void;
  /** What a text the list does not know means here: not a processor, or the start of some (the advert form's words). */
  unrecognised?: { unknown: string; startOfSome: string };
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-suggestions`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const [enhanced, setEnhanced] = useState(false);
  const [value, setValue] = useState(defaultValue ?? "");
  const [hints, setHints] = useState<ProcessorHints | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    const text = value.trim();
    if (!enhanced || !text) {
      setHints(null);
      return;
    }
    let current = true;
    // A short pause, so a quick typist asks once per word rather than once per key.
    const timer = setTimeout(() => hintsFor(text).then((h) => current && setHints(h)), 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value, enhanced]);

  const options = hints?.suggestions ?? [];
  const expanded = enhanced && open && options.length > 0;
  const choose = (name: string) => {
    setValue(name);
    setOpen(false);
    setActive(-1);
    onPick?.(input.current?.form);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!options.length) return;
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      setActive(expanded ? (active + step + options.length) % options.length : step > 0 ? 0 : options.length - 1);
    } else if (e.key === "Enter" && expanded && active >= 0) {
      e.preventDefault(); // picks the suggestion instead of submitting the form
      choose(options[active]?.name ?? value);
    } else if (e.key === "Escape" && expanded) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const r = hints?.recognised;
  const status =
    !value.trim() || !hints
      ? ""
      : !r
        ? options.length > 0
          ? unrecognised.startOfSome
          : unrecognised.unknown
        : `${r.exact ? "Recognised" : "Read as"}: ${r.name} — ${r.performanceTier} tier${r.exact ? "" : " (best guess)"}`;
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Processor
      </label>
      <div className="relative">
        <input
          ref={input}
          id={id}
          name="processor"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          placeholder="Intel Core i5-8250U"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          className={`input input-bordered w-full ${error ? "input-error" : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={[enhanced && statusId, error && errorId].filter(Boolean).join(" ") || undefined}
          {...(enhanced && {
            role: "combobox",
            "aria-autocomplete": "list" as const,
            "aria-expanded": expanded,
            "aria-controls": listId,
            "aria-activedescendant": expanded && active >= 0 ? `${listId}-${active}` : undefined,
          })}
        />
        {enhanced && (
          <div
            id={listId}
            role="listbox"
            aria-label="Processor suggestions"
            hidden={!expanded}
            className="absolute top-full z-20 mt-1 max-h-72 w-full overflow-auto rounded-box border border-base-300 bg-base-100 py-1 shadow-lg"
          >
            {options.map((o, i) => (
              // The keyboard stays on the input (aria-activedescendant), as the combobox pattern has it.
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input
              <div
                key={o.key}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(o.name)}
                className={`flex min-h-11 cursor-pointer items-center justify-between gap-2 px-3 text-sm ${
                  i === active ? "bg-primary text-primary-content" : "hover:bg-base-200"
                }`}
              >
                <span>{o.name}</span>
                <span className="text-xs opacity-80">{o.performanceTier}</span>
              </div>
            ))}
          </div>
        )}
      </div>
      {enhanced && (
        <p id={statusId} aria-live="polite" className="min-h-4 text-xs text-base-content/70">
          {status}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
