import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionErrors } from "./forms.server.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * A seller's step on an order asked in a dialog (Decline, Mark as shipped, Mark as handed over): the fetcher it
 * posts through to the page's own action (app/lib/seller-order-actions.server.ts), whether its dialog is open,
 * and the props of the button that opens it — usable once the page is hydrated, not while the step is sent.
 * Done, the dialog closes and the page, read again, shows the order's new state; refused, it stays open with why.
 */
export function useOrderStep() {
  const fetcher = useFetcher<ActionErrors & { ok?: boolean }>();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (!busy && fetcher.data?.ok) setOpen(false);
  }, [busy, fetcher.data]);
  return {
    fetcher,
    busy,
    open,
    close: () => setOpen(false),
    opener: { type: "button" as const, disabled: !hydrated || busy, onClick: () => setOpen(true) },
  };
}
