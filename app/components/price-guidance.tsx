import { useEffect, useRef, useState } from "react";
import {
  guidanceMessage,
  type PriceGuidance,
  priceGuidanceQuerySchema,
  WORTH_MESSAGES,
} from "../../schemas/price-guidance.ts";
import { dollars, SUSPICIOUSLY_LOW_SHARE } from "../../schemas/price-labels.ts";
import { typedCents } from "./seller-receives.tsx";

/** The advert form's fields that must all be filled before it asks (brand only gates; it does not price). */
const NEEDED = ["brandId", "processor", "ramGb", "storageGb", "condition", "yearsOfUse"] as const;
const WAIT_MS = 400;

/**
 * What comparable laptops sold for, asked for while the seller types (GET /api/price-guidance, at most
 * one request per pause in typing); `initial` is the edit form's answer rendered by the server.
 * Guidance never blocks posting: any failure just says nothing.
 */
export function usePriceGuidance(initial: PriceGuidance | null = null) {
  const [guidance, setGuidance] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  /** Once typing pauses, the form as it is then (a suggestion picked is in it by then). */
  function ask(form: HTMLFormElement | null | undefined) {
    clearTimeout(timer.current);
    if (form) timer.current = setTimeout(() => void read(form), WAIT_MS);
  }

  async function read(form: HTMLFormElement) {
    const data = new FormData(form);
    const values = Object.fromEntries(NEEDED.map((k) => [k, String(data.get(k) ?? "").trim()]));
    inFlight.current?.abort();
    const query = priceGuidanceQuerySchema.safeParse(values);
    if (NEEDED.some((k) => !values[k]) || !query.success) {
      setGuidance(null);
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    const { brandId: _brand, ...asked } = values;
    // The battery narrows the comparables when typed (a battery report's figure is read only when posted).
    const battery = String(data.get("batteryHealth") ?? "").trim();
    if (battery && priceGuidanceQuerySchema.shape.batteryHealth.safeParse(battery).success)
      asked.batteryHealth = battery;
    try {
      const response = await fetch(`/api/price-guidance?${new URLSearchParams(asked)}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      });
      setGuidance(response.ok ? ((await response.json()) as { guidance: PriceGuidance | null }).guidance : null);
    } catch {
      // Aborted by newer typing, or offline: nothing to say.
    }
  }

  /** The form's onChange; `ask` for a change no input event announces (a processor suggestion picked). */
  return { guidance, onChange: (event: React.FormEvent<HTMLFormElement>) => ask(event.currentTarget), ask };
}

/**
 * Always in the page (empty when there is nothing to say), so screen readers hear it change. A resale price
 * typed under 40 % of the comparables' median is warned about before posting: such adverts are held for review.
 */
export function PriceGuidanceNote({ guidance, resalePrice }: { guidance: PriceGuidance | null; resalePrice?: string }) {
  const cents = typedCents(resalePrice);
  const tooLow = guidance && cents !== null && cents > 0 && cents < guidance.medianCents * SUSPICIOUSLY_LOW_SHARE;
  return (
    <p
      role="status"
      aria-live="polite"
      aria-label="Price guidance"
      className="text-sm text-base-content/80 md:col-span-2"
    >
      {guidance && guidanceMessage(guidance)}
      {tooLow && <strong className="mt-1 block">{WORTH_MESSAGES.tooLow(dollars(guidance.medianCents))}</strong>}
    </p>
  );
}
