import { useCallback, useState } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";
import { ReportForm } from "../routes/report.tsx";
import { Dialog } from "./dialog.tsx";

/** The Report button on a laptop's page and its modal; the form lives beside its action in routes/report.tsx. */
export function ReportButton({ advertId, name }: { advertId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" disabled={!hydrated} onClick={() => setOpen(true)}>
        Report
      </button>
      <Dialog open={open} onClose={close} title={`Report ${name}`}>
        <ReportForm advertId={advertId} onCancel={close} onReported={close} />
      </Dialog>
    </>
  );
}
